import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { EmailModule } from '../email/email.module.js';
import { InvitationRejectionNoticesRepository } from './invitation-rejection-notices.repository.js';
import { InvitationsSubscriber } from './invitations.subscriber.js';
import { OwnerNoticeEmails } from './owner-notice-emails.service.js';
import { OwnerNoticesService } from './owner-notices.service.js';
import { UserContactsRepository } from './user-contacts.repository.js';
import { UsersSubscriber } from './users.subscriber.js';

/**
 * Notices to a MultiMFA's owner by e-mail (a rejected invitation), with messaging's view of
 * identity's users (where to write to them, also for the other owner notices: offboarding reports,
 * the new-service tripwire) and the directory (the MFA's name).
 */
@Module({})
export class OwnerNoticesModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: OwnerNoticesModule,
    imports: [EmailModule.forRoot(config), DirectoryModule.forRoot(config)],
    providers: [
      InvitationRejectionNoticesRepository,
      UserContactsRepository,
      OwnerNoticeEmails,
      OwnerNoticesService,
    ],
    controllers: [UsersSubscriber, InvitationsSubscriber],
    exports: [OwnerNoticeEmails],
  }));
}
