import { EventContext } from '@multimfa/event-bus';
import { notificationRequested, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { EmailsService } from '../email/emails.service.js';

/** Identity's requests to reach a person (codes, security notices) become e-mails. */
@Controller()
export class NotificationsSubscriber {
  constructor(@Inject(EmailsService) private readonly emails: EmailsService) {}

  @EventPattern(notificationRequested)
  async onRequested(
    @Payload() request: PayloadOf<typeof notificationRequested>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.emails.record(context.getManager(), request);
    if (enqueue) context.afterCommit(enqueue);
  }
}
