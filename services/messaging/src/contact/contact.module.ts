import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { EmailModule } from '../email/email.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';

/** The landing page's contact form: each message kept and e-mailed to support. */
@Module({})
export class ContactModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: ContactModule,
    imports: [EmailModule.forRoot(config)],
    providers: [ContactMessagesRepository, ContactService],
    controllers: [ContactController],
  }));
}
