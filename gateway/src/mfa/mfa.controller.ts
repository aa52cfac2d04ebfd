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
import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SessionsService } from '../session/sessions.service.js';
import { toMultiMfa, toRoboMfa } from './mfa-shapes.js';
import { MfasService } from './mfas.service.js';

type Completed = { stripePayment: z.output<typeof stripePaymentSchema> };

/** The dashboard's lists and the completion of a purchase on /success (signed-in customers). */
@Controller()
export class MfaController {
  constructor(
    @Inject(MfasService) private readonly mfas: MfasService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  private userId(req: Request): string {
    return this.sessions.signedInUserId(req) ?? '';
  }

  @Serves(listMultiMfas)
  async listMultiMfas(@Req() req: Request): Promise<Envelope<{ list: MultiMfa[] }>> {
    return ok({ list: (await this.mfas.list(this.userId(req), 'MultiMFA')).map(toMultiMfa) });
  }

  @Serves(listRoboMfas)
  async listRoboMfas(@Req() req: Request): Promise<Envelope<{ list: RoboMfa[] }>> {
    return ok({ list: (await this.mfas.list(this.userId(req), 'RoboMFA')).map(toRoboMfa) });
  }

  @Serves(createMultiMfa)
  @HttpCode(200)
  async createMultiMfa(@Req() req: Request, @Body() body: Completed): Promise<Envelope<{ MFA: MultiMfa }>> {
    const mfa = await this.mfas.complete(
      this.userId(req),
      { MFAType: 'MultiMFA', action: 'CREATE' },
      body.stripePayment,
    );
    return ok({ MFA: toMultiMfa(mfa) }, 'MultiMFA created successfully');
  }

  @Serves(updateMultiMfaPlan)
  @HttpCode(200)
  async updateMultiMfaPlan(
    @Req() req: Request,
    @Body() body: Completed & { multiMFAId?: string },
  ): Promise<Envelope<{ MFA: MultiMfa }>> {
    const mfa = await this.mfas.complete(
      this.userId(req),
      { MFAType: 'MultiMFA', action: 'UPGRADE', mfaId: body.multiMFAId },
      body.stripePayment,
    );
    return ok({ MFA: toMultiMfa(mfa) }, 'Plan updated successfully');
  }

  @Serves(createRoboMfa)
  @HttpCode(200)
  async createRoboMfa(@Req() req: Request, @Body() body: Completed): Promise<Envelope<{ MFA: RoboMfa }>> {
    const mfa = await this.mfas.complete(
      this.userId(req),
      { MFAType: 'RoboMFA', action: 'CREATE' },
      body.stripePayment,
    );
    return ok({ MFA: toRoboMfa(mfa) }, 'RoboMFA created successfully');
  }
}
