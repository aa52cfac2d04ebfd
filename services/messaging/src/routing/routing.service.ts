import type { Routing } from '@multimfa/api-contract';
import { DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { DestinationsRepository } from '../destinations/destinations.repository.js';
import { RoutingRepository } from '../forwarding/routing.repository.js';

/**
 * A MultiMFA's routing rules and its "hold unknown senders" setting, for its owner: every member and
 * destination a rule names must be this MultiMFA's (another's, or an unknown id: 422).
 */
@Injectable()
export class RoutingService {
  constructor(
    @Inject(RoutingRepository) private readonly routing: RoutingRepository,
    @Inject(DestinationsRepository) private readonly destinations: DestinationsRepository,
  ) {}

  async get(userId: string, mfaId: string): Promise<Routing> {
    await this.checkOwner(userId, mfaId);
    const { holdUnknown, rules } = await this.routing.routingOf(mfaId);
    return { holdUnknown, rules: rules.map(({ ruleId: _id, ...rule }) => rule) };
  }

  async save(userId: string, mfaId: string, routing: Routing): Promise<Routing> {
    await this.checkOwner(userId, mfaId);
    await this.routing.transaction(async (manager) => {
      const memberIds = [...new Set(routing.rules.flatMap((rule) => rule.memberIds))];
      const destinationIds = [...new Set(routing.rules.flatMap((rule) => rule.destinationIds))];
      const members = await this.routing.memberIdsOf(manager, mfaId, memberIds);
      const destinations = await this.destinations.idsOf(manager, mfaId, destinationIds);
      const strangerMember = memberIds.find((id) => !members.has(id));
      const strangerDestination = destinationIds.find((id) => !destinations.has(id));
      if (strangerMember || strangerDestination) {
        throw new DomainError(
          'UNKNOWN_RECIPIENT',
          strangerMember
            ? 'A rule names a member that is not a member of this MultiMFA'
            : 'A rule names a destination that is not a destination of this MultiMFA',
          422,
          { memberId: strangerMember ?? null, destinationId: strangerDestination ?? null },
        );
      }
      await this.routing.replace(manager, mfaId, routing.holdUnknown, routing.rules);
    });
    return routing;
  }

  private async checkOwner(userId: string, mfaId: string): Promise<void> {
    if ((await this.destinations.ownerOfMultiMfa(mfaId)) !== userId)
      throw new NotFoundError('MultiMFA not found');
  }
}
