import {
  type AddDestinationBody,
  addDestination,
  confirmDestination,
  type DeliveryAttempt,
  type Destination,
  type DestinationCreated,
  discardHeldMessage,
  type Envelope,
  getRouting,
  type HeldMessage,
  listDestinations,
  listHeldMessages,
  type Routing,
  releaseHeldMessage,
  removeDestination,
  resendDestinationTest,
  saveRouting,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { DestinationsService } from './destinations.service.js';

/** The MultiMFA detail page's Destinations and Routing sections (the signed-in owner's own only). */
@Controller()
export class DestinationsController {
  constructor(@Inject(DestinationsService) private readonly destinations: DestinationsService) {}

  @Serves(listDestinations)
  async list(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<{ destinations: Array<Destination & { attempts: DeliveryAttempt[] }> }>> {
    return ok({ destinations: await this.destinations.list(userId, params.multiMFAId) });
  }

  @Serves(addDestination)
  @HttpCode(200)
  async add(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
    @Body() body: AddDestinationBody,
  ): Promise<Envelope<DestinationCreated>> {
    const created = await this.destinations.add(userId, params.multiMFAId, body);
    return ok(
      created,
      created.destination.status === 'active'
        ? 'Destination added'
        : 'Destination added: type the code posted to the channel to activate it',
    );
  }

  @Serves(confirmDestination)
  @HttpCode(200)
  async confirm(
    @SignedInUserId() userId: string,
    @Param() params: { destinationId: string },
    @Body() body: { code: string },
  ): Promise<Envelope<{ destination: Destination }>> {
    return ok(
      { destination: await this.destinations.confirm(userId, params.destinationId, body.code) },
      'Destination activated',
    );
  }

  @Serves(resendDestinationTest)
  @HttpCode(200)
  async resendTest(
    @SignedInUserId() userId: string,
    @Param() params: { destinationId: string },
  ): Promise<Envelope<{ destination: Destination }>> {
    return ok(
      { destination: await this.destinations.resendTest(userId, params.destinationId) },
      'Test post sent',
    );
  }

  @Serves(removeDestination)
  async remove(
    @SignedInUserId() userId: string,
    @Param() params: { destinationId: string },
  ): Promise<Envelope<null>> {
    await this.destinations.remove(userId, params.destinationId);
    return ok(null, 'Destination removed');
  }

  @Serves(getRouting)
  async routing(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<Routing>> {
    return ok(await this.destinations.routing(userId, params.multiMFAId));
  }

  @Serves(saveRouting)
  async saveRouting(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
    @Body() body: Routing,
  ): Promise<Envelope<Routing>> {
    return ok(await this.destinations.saveRouting(userId, params.multiMFAId, body), 'Routing saved');
  }

  @Serves(listHeldMessages)
  async held(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<{ messages: HeldMessage[] }>> {
    return ok({ messages: await this.destinations.held(userId, params.multiMFAId) });
  }

  @Serves(releaseHeldMessage)
  @HttpCode(200)
  async release(
    @SignedInUserId() userId: string,
    @Param() params: { messageId: string },
  ): Promise<Envelope<{ forwards: number }>> {
    return ok(await this.destinations.release(userId, params.messageId), 'Text released');
  }

  @Serves(discardHeldMessage)
  @HttpCode(200)
  async discard(
    @SignedInUserId() userId: string,
    @Param() params: { messageId: string },
  ): Promise<Envelope<null>> {
    await this.destinations.discard(userId, params.messageId);
    return ok(null, 'Text discarded');
  }
}
