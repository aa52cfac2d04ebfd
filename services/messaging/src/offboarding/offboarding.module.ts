import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { EmailModule } from '../email/email.module.js';
import { OwnerNoticesModule } from '../owner-notices/owner-notices.module.js';
import { OffboardingController } from './offboarding.controller.js';
import { OffboardingService } from './offboarding.service.js';
import { OffboardingSubscriber } from './offboarding.subscriber.js';
import { OffboardingReportsRepository } from './offboarding-reports.repository.js';

/**
 * Offboarding reports: a removed member's services, e-mailed to the owner (owner notices' address
 * book, e-mail's queue) and listed on the MultiMFA's page.
 */
@Module({})
export class OffboardingModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: OffboardingModule,
    imports: [
      EmailModule.forRoot(config),
      DirectoryModule.forRoot(config),
      OwnerNoticesModule.forRoot(config),
    ],
    providers: [OffboardingReportsRepository, OffboardingService],
    controllers: [OffboardingSubscriber, OffboardingController],
  }));
}
