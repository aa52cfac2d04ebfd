import { EventContext } from '@multimfa/event-bus';
import {
  invitationSent,
  notificationRequested,
  notificationRequestedV2,
  notificationRequestedV3,
  type PayloadOf,
} from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { InvitationDetailsRepository } from '../sms/invitation-details.repository.js';
import { InvitationSmsService } from '../sms/invitation-sms.service.js';
import { NotificationsService } from './notifications.service.js';

/** Identity's requests to reach a person (codes, security notices) and numbers' invitations become e-mails. */
@Controller()
export class NotificationsSubscriber {
  constructor(
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(InvitationSmsService) private readonly invitationSms: InvitationSmsService,
    @Inject(InvitationDetailsRepository) private readonly invitationDetails: InvitationDetailsRepository,
  ) {}

  @EventPattern(notificationRequested)
  async onRequested(
    @Payload() request: PayloadOf<typeof notificationRequested>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.notifications.record(context.getManager(), request);
    if (enqueue) context.afterCommit(enqueue);
  }

  /** Version 2 (nothing publishes it any more): events still on the topic from before version 3. */
  @EventPattern(notificationRequestedV2)
  onRequestedV2(
    @Payload() request: PayloadOf<typeof notificationRequestedV2>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.onRequested(request, context);
  }

  /** Version 3 (nothing publishes it any more): events still on the topic from before version 4. */
  @EventPattern(notificationRequestedV3)
  onRequestedV3(
    @Payload() request: PayloadOf<typeof notificationRequestedV3>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.onRequested(request, context);
  }

  /**
   * A member's invitation goes where their codes will go: by e-mail (EMAIL, BOTH) and by SMS from the
   * MultiMFA's number (MOBILE_NUMBER, BOTH). What it names (the team, its number, the inviter) is
   * recorded with it from messaging's views, for both texts.
   */
  @EventPattern(invitationSent)
  async onInvitationSent(
    @Payload() invitation: PayloadOf<typeof invitationSent>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.invitationDetails.record(context.getManager(), invitation);
    const email = await this.notifications.recordInvitation(context.getManager(), invitation);
    if (email) context.afterCommit(email);
    const sms = await this.invitationSms.record(context.getManager(), invitation);
    if (sms) context.afterCommit(sms);
  }
}
