/**
 * Every Kafka topic of MultiMFA, in one list: one topic per aggregate, versioned in its name.
 * The start command, the tests (under a prefix) and the Kubernetes topic Job create them from here.
 */
export interface TopicSpec {
  name: string;
  partitions: number;
  /** How long the broker keeps messages. */
  retentionMs: number;
  description: string;
  /**
   * Its payloads hold secrets: the outbox deletes its rows once published, and its dead letters keep
   * the envelope without the payload.
   */
  secret?: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const TOPICS = {
  identityUser: {
    name: 'multimfa.identity.user.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description:
      'User registered, e-mail verified, password changed, profile updated, deactivated, deleted, admin created; waitlist address confirmed',
  },
  identityNotification: {
    name: 'multimfa.identity.notification.v1',
    partitions: 6,
    retentionMs: HOUR,
    description: 'A code or link to send; kept briefly because the payload is a secret for ten minutes',
    secret: true,
  },
  billingSubscription: {
    name: 'multimfa.billing.subscription.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description: 'Purchase completed, subscription renewed, plan changed, subscription expired',
  },
  billingInvoice: {
    name: 'multimfa.billing.invoice.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description: 'Invoice issued, invoice paid',
  },
  billingDiscount: {
    name: 'multimfa.billing.discount.v1',
    partitions: 3,
    retentionMs: 14 * DAY,
    description: 'Discount created or changed',
  },
  numbersMfa: {
    name: 'multimfa.numbers.mfa.v1',
    partitions: 12,
    retentionMs: 14 * DAY,
    description: 'MFA created, updated, deleted; members, invitations and bots of the MFA',
  },
  numbersInvitation: {
    name: 'multimfa.numbers.invitation.v1',
    partitions: 6,
    retentionMs: HOUR,
    description: 'An invitation to send to a member; kept briefly because the payload holds a sealed token',
    secret: true,
  },
  numbersPhoneNumber: {
    name: 'multimfa.numbers.phone-number.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description: 'Number assigned, released, quarantined',
  },
  messagingMessage: {
    name: 'multimfa.messaging.message.v1',
    partitions: 12,
    retentionMs: 7 * DAY,
    description: 'Message received, forward sent, delivery status changed, log entry written',
  },
  messagingUsage: {
    name: 'multimfa.messaging.usage.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description: 'Texts counted against a subscription period',
  },
  messagingDestination: {
    name: 'multimfa.messaging.destination.v1',
    partitions: 6,
    retentionMs: 14 * DAY,
    description: 'Destination added or removed (each takes a seat of its MultiMFA)',
  },
  deadLetter: {
    name: 'multimfa.dead-letter.v1',
    partitions: 3,
    retentionMs: 30 * DAY,
    description: 'Events a consumer could not apply after its retries, with the error',
  },
} as const satisfies Record<string, TopicSpec>;

export type TopicKey = keyof typeof TOPICS;

/** The topic list under a prefix (tests run under their own, so runs never share a topic). */
export function topicList(prefix = ''): TopicSpec[] {
  return Object.values(TOPICS).map((topic) => ({ ...topic, name: `${prefix}${topic.name}` }));
}
