import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { EmailModule } from '../email/email.module.js';
import { SmsModule } from '../sms/sms.module.js';
import { NotificationsService } from './notifications.service.js';
import { NotificationsSubscriber } from './notifications.subscriber.js';

/** Identity's notifications and numbers' member invitations: e-mails, and invitation SMS. */
@Module({})
export class NotificationsModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: NotificationsModule,
    imports: [EmailModule.forRoot(config), SmsModule.forRoot(config)],
    providers: [NotificationsService],
    controllers: [NotificationsSubscriber],
  }));
}
