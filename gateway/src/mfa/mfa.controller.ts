import {
  createMultiMfa,
  createRoboMfa,
  type Envelope,
  listMultiMfas,
  listRoboMfas,
  type MultiMfa,
  type RoboMfa,
  type stripePaymentSchema,
  updateMultiMfaPlan,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { toMultiMfa, toRoboMfa } from './mfa.shapes.js';
import { MfasService } from './mfas.service.js';

type Completed = { stripePayment: z.output<typeof stripePaymentSchema> };

/** The dashboard's lists and the completion of a purchase on /success (signed-in customers). */
@Controller()
export class MfaController {
  constructor(@Inject(MfasService) private readonly mfas: MfasService) {}

  @Serves(listMultiMfas)
  async listMultiMfas(@SignedInUserId() userId: string): Promise<Envelope<{ list: MultiMfa[] }>> {
    return ok({ list: (await this.mfas.list(userId, 'MultiMFA')).map(toMultiMfa) });
  }

  @Serves(listRoboMfas)
  async listRoboMfas(@SignedInUserId() userId: string): Promise<Envelope<{ list: RoboMfa[] }>> {
    return ok({ list: (await this.mfas.list(userId, 'RoboMFA')).map(toRoboMfa) });
  }

  @Serves(createMultiMfa)
  @HttpCode(200)
  async createMultiMfa(
    @SignedInUserId() userId: string,
    @Body() body: Completed,
  ): Promise<Envelope<{ MFA: MultiMfa }>> {
    const mfa = await this.mfas.complete(
      userId,
      { MFAType: 'MultiMFA', action: 'CREATE' },
      body.stripePayment,
    );
    return ok({ MFA: toMultiMfa(mfa) }, 'MultiMFA created successfully');
  }

  @Serves(updateMultiMfaPlan)
  @HttpCode(200)
  async updateMultiMfaPlan(
    @SignedInUserId() userId: string,
    @Body() body: Completed & { multiMFAId?: string },
  ): Promise<Envelope<{ MFA: MultiMfa }>> {
    const mfa = await this.mfas.complete(
      userId,
      { MFAType: 'MultiMFA', action: 'UPGRADE', mfaId: body.multiMFAId },
      body.stripePayment,
    );
    return ok({ MFA: toMultiMfa(mfa) }, 'Plan updated successfully');
  }

  @Serves(createRoboMfa)
  @HttpCode(200)
  async createRoboMfa(
    @SignedInUserId() userId: string,
    @Body() body: Completed,
  ): Promise<Envelope<{ MFA: RoboMfa }>> {
    const mfa = await this.mfas.complete(
      userId,
      { MFAType: 'RoboMFA', action: 'CREATE' },
      body.stripePayment,
    );
    return ok({ MFA: toRoboMfa(mfa) }, 'RoboMFA created successfully');
  }
}
