import {
  addTwilioNumber,
  deleteTwilioNumber,
  type Envelope,
  listTwilioNumbers,
  listWaitingMfas,
  type TwilioNumber,
  type TwilioNumberBody,
  twilioNumberParams,
  twilioNumbersQuery,
  updateTwilioNumber,
  type WaitingMfa,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { AdminNumbersService } from './admin-numbers.service.js';

type NumberParams = z.output<typeof twilioNumberParams>;

/** /admin/twilios: the number pool (administrators only: the contract says so, the guard enforces it). */
@Controller()
export class AdminNumbersController {
  constructor(@Inject(AdminNumbersService) private readonly numbers: AdminNumbersService) {}

  @Serves(listTwilioNumbers)
  async list(@Query() query: z.output<typeof twilioNumbersQuery>): Promise<Envelope<TwilioNumber[]>> {
    return ok(await this.numbers.list(query.mobileNo));
  }

  @Serves(listWaitingMfas)
  async waiting(): Promise<Envelope<WaitingMfa[]>> {
    return ok(await this.numbers.waiting());
  }

  @Serves(addTwilioNumber)
  @HttpCode(200)
  async add(@Body() body: TwilioNumberBody): Promise<Envelope<TwilioNumber>> {
    return ok(await this.numbers.add(body), 'Number added successfully');
  }

  @Serves(updateTwilioNumber)
  async update(
    @Param() params: NumberParams,
    @Body() body: TwilioNumberBody,
  ): Promise<Envelope<TwilioNumber>> {
    return ok(await this.numbers.update(params.twillioNoId, body), 'Number updated successfully');
  }

  @Serves(deleteTwilioNumber)
  async remove(@Param() params: NumberParams): Promise<Envelope<null>> {
    await this.numbers.remove(params.twillioNoId);
    return ok(null, 'Number deleted successfully');
  }
}
