import type { EventHandler, EventSubscriber } from '@multimfa/event-bus';
import { notificationRequested, type PayloadOf, TOPICS } from '@multimfa/events';
import { Inject, Injectable } from '@nestjs/common';
import { EmailsService } from '../email/emails.service.js';

/** Identity's requests to reach a person (codes, security notices) become e-mails. */
@Injectable()
export class NotificationsSubscriber implements EventSubscriber {
  readonly groupId = 'messaging.notifications';
  readonly topics = [TOPICS.identityNotification];
  readonly handlers: Record<string, EventHandler>;

  constructor(@Inject(EmailsService) emails: EmailsService) {
    this.handlers = {
      [notificationRequested.type]: (event, manager) =>
        emails.queueNotification(manager, event.payload as PayloadOf<typeof notificationRequested>),
    };
  }
}
