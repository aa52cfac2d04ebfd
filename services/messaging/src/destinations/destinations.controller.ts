import type { AddDestinationBody, DestinationCreated } from '@multimfa/api-contract';
import {
  addDestinationRequest,
  type DestinationsList,
  destinationConfirmation,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { DestinationsService } from './destinations.service.js';

const mfaUuid = new ZodPipe(z.uuid({ error: 'MultiMFA not found' }));
const destinationUuid = new ZodPipe(z.uuid({ error: 'Destination not found' }));

/** A MultiMFA's destinations, for the gateway (the owner in the path; another's: 404). */
@Controller('users/:userId')
export class DestinationsController {
  constructor(@Inject(DestinationsService) private readonly destinations: DestinationsService) {}

  @Get('mfas/:mfaId/destinations')
  async list(
    @Param('userId', mfaUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
  ): Promise<DestinationsList> {
    return { destinations: await this.destinations.list(userId, mfaId) };
  }

  @Post('mfas/:mfaId/destinations')
  @HttpCode(201)
  add(
    @Param('userId', mfaUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
    @Body(new ZodPipe(addDestinationRequest)) request: AddDestinationBody,
  ): Promise<DestinationCreated> {
    return this.destinations.add(userId, mfaId, request);
  }

  @Post('destinations/:destinationId/confirm')
  @HttpCode(200)
  async confirm(
    @Param('userId', destinationUuid) userId: string,
    @Param('destinationId', destinationUuid) destinationId: string,
    @Body(new ZodPipe(destinationConfirmation)) body: z.output<typeof destinationConfirmation>,
  ) {
    return { destination: await this.destinations.confirm(userId, destinationId, body.code) };
  }

  @Post('destinations/:destinationId/test')
  @HttpCode(200)
  async resendTest(
    @Param('userId', destinationUuid) userId: string,
    @Param('destinationId', destinationUuid) destinationId: string,
  ) {
    return { destination: await this.destinations.resendTest(userId, destinationId) };
  }

  @Delete('destinations/:destinationId')
  @HttpCode(200)
  async remove(
    @Param('userId', destinationUuid) userId: string,
    @Param('destinationId', destinationUuid) destinationId: string,
  ): Promise<null> {
    await this.destinations.remove(userId, destinationId);
    return null;
  }
}
