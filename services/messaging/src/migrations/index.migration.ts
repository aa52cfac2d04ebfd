import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateOutboundEmail1763800000300 } from './1763800000300-create-outbound-email.migration.js';
import { OutboundEmailContent1763800000301 } from './1763800000301-outbound-email-content.migration.js';
import { CreateContactMessage1763800000302 } from './1763800000302-create-contact-message.migration.js';
import { CreateInboundMessage1764100000000 } from './1764100000000-create-inbound-message.migration.js';
import { CreateForwarding1764200000000 } from './1764200000000-create-forwarding.migration.js';
import { CreateOutboundSms1764200000001 } from './1764200000001-create-outbound-sms.migration.js';
import { CreateBotFeed1764300000000 } from './1764300000000-create-bot-feed.migration.js';
import { CreateSubscriptionNotice1765400000000 } from './1765400000000-create-subscription-notice.migration.js';
import { CreatePromotionEmails1766600000800 } from './1766600000800-create-promotion-emails.migration.js';
import { NumberDeparture1766800000000 } from './1766800000000-number-departure.migration.js';
import { WithheldMessage1766800000001 } from './1766800000001-withheld-message.migration.js';
import { OwnerContact1766800000002 } from './1766800000002-owner-contact.migration.js';
import { ForwardSentAt1766900000000 } from './1766900000000-forward-sent-at.migration.js';
import { ForwardSendingAt1767000000000 } from './1767000000000-forward-sending-at.migration.js';
import { InboundReconciliation1767000000001 } from './1767000000001-inbound-reconciliation.migration.js';
import { NumberSince1767000000002 } from './1767000000002-number-since.migration.js';
import { ForwardRedrive1767000000003 } from './1767000000003-forward-redrive.migration.js';
import { InvitationDetail1767000000004 } from './1767000000004-invitation-detail.migration.js';
import { CreateBotMessageAction1767700000000 } from './1767700000000-create-bot-message-action.migration.js';
import { ContentRetention1767800000000 } from './1767800000000-content-retention.migration.js';
import { OffboardingReport1767800000001 } from './1767800000001-offboarding-report.migration.js';
import { SeenService1767800000002 } from './1767800000002-seen-service.migration.js';
import { CreateDestinations1767900000370 } from './1767900000370-create-destinations.migration.js';
import { CodeReveal1768000000000 } from './1768000000000-code-reveal.migration.js';

/** Every migration of the messaging database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  ...eventBusMigrations,
  CreateOutboundEmail1763800000300,
  OutboundEmailContent1763800000301,
  CreateContactMessage1763800000302,
  CreateInboundMessage1764100000000,
  CreateForwarding1764200000000,
  CreateOutboundSms1764200000001,
  CreateBotFeed1764300000000,
  CreateSubscriptionNotice1765400000000,
  CreatePromotionEmails1766600000800,
  NumberDeparture1766800000000,
  WithheldMessage1766800000001,
  OwnerContact1766800000002,
  ForwardSentAt1766900000000,
  ForwardSendingAt1767000000000,
  InboundReconciliation1767000000001,
  NumberSince1767000000002,
  ForwardRedrive1767000000003,
  InvitationDetail1767000000004,
  CreateBotMessageAction1767700000000,
  ContentRetention1767800000000,
  OffboardingReport1767800000001,
  SeenService1767800000002,
  CreateDestinations1767900000370,
  CodeReveal1768000000000,
];
