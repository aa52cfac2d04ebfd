import type {
  AddDestinationBody,
  Destination,
  DestinationCreated,
  HeldMessage,
  Routing,
} from '@multimfa/api-contract';
import {
  destinationAnswer,
  destinationCreated,
  destinationsList,
  heldMessageReleased,
  heldMessagesList,
  routingSettings,
} from '@multimfa/service-contracts/messaging';
import { nothing, seatCheck } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceClient } from '../upstream/service.client.js';
import { MESSAGING, NUMBERS } from '../upstream/upstream.module.js';

const id = encodeURIComponent;

/**
 * A MultiMFA's destinations, routing rules and held texts: messaging owns them and checks the owner
 * (another customer's: 404). Adding one is composed here: numbers, which owns seats, says whether one
 * is free, then messaging adds it (and tells numbers through its event). Two adds racing for the last
 * seat can both pass the check in the moment before numbers has counted the first one's event: a
 * MultiMFA can briefly hold one destination more than its seats, never unboundedly (each add checks).
 */
@Injectable()
export class DestinationsService {
  constructor(
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
  ) {}

  async list(userId: string, mfaId: string): Promise<z.output<typeof destinationsList>['destinations']> {
    const { destinations } = await this.messaging.get(
      `/users/${id(userId)}/mfas/${id(mfaId)}/destinations`,
      destinationsList,
    );
    return destinations;
  }

  async add(userId: string, mfaId: string, body: AddDestinationBody): Promise<DestinationCreated> {
    await this.numbers.post(`/users/${id(userId)}/mfas/${id(mfaId)}/seat-checks`, seatCheck);
    return this.messaging.post(
      `/users/${id(userId)}/mfas/${id(mfaId)}/destinations`,
      destinationCreated,
      body,
    );
  }

  async confirm(userId: string, destinationId: string, code: string): Promise<Destination> {
    const { destination } = await this.messaging.post(
      `/users/${id(userId)}/destinations/${id(destinationId)}/confirm`,
      destinationAnswer,
      { code },
    );
    return destination;
  }

  async resendTest(userId: string, destinationId: string): Promise<Destination> {
    const { destination } = await this.messaging.post(
      `/users/${id(userId)}/destinations/${id(destinationId)}/test`,
      destinationAnswer,
    );
    return destination;
  }

  async remove(userId: string, destinationId: string): Promise<void> {
    await this.messaging.request('DELETE', `/users/${id(userId)}/destinations/${id(destinationId)}`, nothing);
  }

  routing(userId: string, mfaId: string): Promise<Routing> {
    return this.messaging.get(`/users/${id(userId)}/mfas/${id(mfaId)}/routing`, routingSettings);
  }

  saveRouting(userId: string, mfaId: string, routing: Routing): Promise<Routing> {
    return this.messaging.request(
      'PUT',
      `/users/${id(userId)}/mfas/${id(mfaId)}/routing`,
      routingSettings,
      routing,
    );
  }

  async held(userId: string, mfaId: string): Promise<HeldMessage[]> {
    const { messages } = await this.messaging.get(
      `/users/${id(userId)}/mfas/${id(mfaId)}/held`,
      heldMessagesList,
    );
    return messages;
  }

  release(userId: string, messageId: string): Promise<{ forwards: number }> {
    return this.messaging.post(`/users/${id(userId)}/held/${id(messageId)}/release`, heldMessageReleased);
  }

  async discard(userId: string, messageId: string): Promise<void> {
    await this.messaging.post(`/users/${id(userId)}/held/${id(messageId)}/discard`, nothing);
  }
}
