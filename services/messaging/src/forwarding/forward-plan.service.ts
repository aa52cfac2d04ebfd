import { randomUUID } from 'node:crypto';
import { Clock, currentCorrelationId } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DestinationDeliveryPlanner } from '../destinations/destination-delivery.planner.js';
import { DirectoryRepository, type MemberView } from '../directory/directory.repository.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import { ForwardsRepository, forwardJobId, type NewForward } from './forwards.repository.js';
import { RoutingRepository } from './routing.repository.js';
import { type RouteDecision, routeText } from './routing.rules.js';

/**
 * The forwards and destination deliveries of one text, recorded; `queue` puts them on their queues
 * once they committed.
 */
export interface ForwardPlan {
  /** How many forwards: one per verified member (chosen by the routing) and medium. */
  forwards: number;
  /** How many destination deliveries (Slack channels, webhooks). */
  destinations: number;
  /** The names of those destinations, for the text's log entry. */
  destinationNames: string[];
  /** The verified members it goes to, for the text's log entry. */
  recipients: Array<{ firstName: string; lastName: string }>;
  /** No routing rule matched and the owner holds unknown senders: recorded as held, sent to nobody. */
  held: boolean;
  queue(): Promise<void>;
}

/** A text to plan: its sender and the extraction's service decide which rules match. */
export interface TextToPlan {
  messageId: string;
  mfaId: string;
  sender: string;
  service: string | null;
}

/** Each medium a member's forward medium asks for, with its destination (an empty one is skipped). */
function mediumsOf(member: MemberView): Array<{ medium: NewForward['medium']; destination: string }> {
  const email = { medium: 'EMAIL' as const, destination: member.email };
  const sms = { medium: 'SMS' as const, destination: member.mobileNo };
  const wanted =
    member.forwardMedium === 'BOTH' ? [email, sms] : member.forwardMedium === 'EMAIL' ? [email] : [sms];
  return wanted.filter((target) => target.destination.trim() !== '');
}

/**
 * Who gets a text that reached a MultiMFA: the MultiMFA's routing rules choose among its VERIFIED
 * members (messaging's directory), by each medium they chose, and its active destinations; a text no
 * rule matches goes to all of them, or is held when the owner holds unknown senders. The forwards and
 * deliveries are recorded in the transaction that stores the text; their jobs are queued once it has
 * committed (job ids, one per text and recipient, queue each once). A destination's delivery is a job
 * of its own queue, so a slow destination never delays the members' forwards.
 */
@Injectable()
export class ForwardPlanService {
  constructor(
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(ForwardsRepository) private readonly forwards: ForwardsRepository,
    @Inject(ForwardQueue) private readonly queue: ForwardQueue,
    @Inject(RoutingRepository) private readonly routing: RoutingRepository,
    @Inject(DestinationDeliveryPlanner) private readonly destinations: DestinationDeliveryPlanner,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Records the forwards of a text to the recipients its routing chooses; a forward or delivery
   * already recorded is neither recorded nor queued again. `onlyMemberId`: only that member's forwards
   * (a member verified late; no destinations, and a text to hold is not held again). `everyone`: the
   * rules are not applied (a held text the owner released).
   */
  async plan(
    manager: EntityManager,
    text: TextToPlan,
    options: { onlyMemberId?: string; everyone?: boolean } = {},
  ): Promise<ForwardPlan> {
    const { onlyMemberId } = options;
    const routing = options.everyone ? undefined : await this.routing.routingOf(text.mfaId, manager);
    const decision: RouteDecision = routing
      ? routeText(routing.rules, routing.holdUnknown, text)
      : { kind: 'everyone' };
    if (decision.kind === 'hold') {
      if (onlyMemberId === undefined)
        await this.routing.hold(manager, text.messageId, text.mfaId, this.clock.now());
      return {
        forwards: 0,
        destinations: 0,
        destinationNames: [],
        recipients: [],
        held: true,
        queue: async () => {},
      };
    }
    const members = (await this.directory.verifiedMembers(manager, text.mfaId)).filter(
      (member) =>
        (onlyMemberId === undefined || member.memberId === onlyMemberId) &&
        (decision.kind === 'everyone' || decision.memberIds.has(member.memberId)),
    );
    const forwards: NewForward[] = members.flatMap((member) =>
      mediumsOf(member).map(({ medium, destination }) => ({
        forwardId: randomUUID(),
        messageId: text.messageId,
        mfaId: text.mfaId,
        memberId: member.memberId,
        medium,
        destination,
        firstName: member.firstName,
        lastName: member.lastName,
      })),
    );
    const inserted = await this.forwards.insertAll(manager, forwards);
    const correlationId = currentCorrelationId() ?? text.messageId;
    const jobs = forwards
      .filter((forward) => inserted.has(forward.forwardId))
      .map((forward) => ({
        forwardId: forward.forwardId,
        correlationId,
        jobId: forwardJobId(forward.messageId, forward.memberId, forward.medium),
      }));
    const deliveries =
      onlyMemberId === undefined
        ? await this.destinations.plan(
            manager,
            text,
            decision.kind === 'rules' ? decision.destinationIds : undefined,
          )
        : undefined;
    return {
      forwards: jobs.length,
      destinations: deliveries?.deliveries ?? 0,
      destinationNames: deliveries?.names ?? [],
      recipients: members.map((member) => ({ firstName: member.firstName, lastName: member.lastName })),
      held: false,
      // Both queues at once: neither waits for the other.
      queue: async () => {
        await Promise.all([this.queue.enqueueAll(jobs), deliveries?.queue()]);
      },
    };
  }
}
