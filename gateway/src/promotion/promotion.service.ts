import type { JoinWaitlistBody, UnsubscribeOffersBody, VerifyWaitlistBody } from '@multimfa/api-contract';
import { nothing } from '@multimfa/service-contracts/identity';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { IDENTITY, MESSAGING } from '../upstream/upstream.module.js';
import { PromotionThrottleService } from './promotion-throttle.service.js';

/** The waitlist page's calls: rate limited here, answered by identity (sign-ups) and messaging (unsubscribe). */
@Injectable()
export class PromotionService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(PromotionThrottleService) private readonly throttle: PromotionThrottleService,
  ) {}

  async join(network: string, body: JoinWaitlistBody): Promise<void> {
    await this.throttle.reserveJoin(network, body.email);
    await this.identity.post('/waitlist', nothing, { emailAddress: body.email });
  }

  async verify(network: string, body: VerifyWaitlistBody): Promise<void> {
    await this.throttle.reserveTry(network, body.email);
    await this.identity.post('/waitlist/verification', nothing, {
      emailAddress: body.email,
      code: body.token,
    });
  }

  async unsubscribe(body: UnsubscribeOffersBody): Promise<void> {
    await this.messaging.post('/unsubscribes', nothing, { emailAddress: body.email, token: body.token });
  }
}
