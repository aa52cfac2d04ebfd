import { EventContext } from '@multimfa/event-bus';
import { mfaCreated, mfaUpdated, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { ContentRetentionRepository } from './content-retention.repository.js';

/**
 * Numbers owns each MFA's retention and carries it in its MFA events; messaging, which holds the
 * texts, keeps it to apply it. An event written before the setting existed carries none: the MFA
 * keeps the retention it has (the default when none).
 */
@Controller()
export class RetentionSubscriber {
  constructor(@Inject(ContentRetentionRepository) private readonly retention: ContentRetentionRepository) {}

  @EventPattern(mfaCreated)
  async onMfaCreated(@Payload() mfa: PayloadOf<typeof mfaCreated>, @Ctx() context: EventContext) {
    await this.apply(mfa, context);
  }

  @EventPattern(mfaUpdated)
  async onMfaUpdated(@Payload() mfa: PayloadOf<typeof mfaUpdated>, @Ctx() context: EventContext) {
    await this.apply(mfa, context);
  }

  private async apply(mfa: { mfaId: string; retentionDays?: number | undefined }, context: EventContext) {
    if (mfa.retentionDays !== undefined)
      await this.retention.setRetention(context.getManager(), mfa.mfaId, mfa.retentionDays);
  }
}
