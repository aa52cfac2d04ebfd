import { type Envelope, getRetention, type Retention, setRetention } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, Inject, Param } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { RetentionService } from './retention.service.js';

/** The retention setting of a MultiMFA's or RoboMFA's detail page. */
@Controller()
export class RetentionController {
  constructor(@Inject(RetentionService) private readonly retention: RetentionService) {}

  @Serves(getRetention)
  async get(
    @SignedInUserId() userId: string,
    @Param() params: { mfaId: string },
  ): Promise<Envelope<Retention>> {
    return ok(await this.retention.get(userId, params.mfaId));
  }

  @Serves(setRetention)
  async set(
    @SignedInUserId() userId: string,
    @Param() params: { mfaId: string },
    @Body() body: Retention,
  ): Promise<Envelope<Retention>> {
    const saved = await this.retention.set(userId, params.mfaId, body);
    return ok(saved, `Texts now keep their body and code for ${saved.retentionDays} day(s)`);
  }
}
