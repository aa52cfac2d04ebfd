import { eventBusMigrations } from '@multimfa/event-bus';
import { CreateCountries1763800000000 } from './1763800000000-create-countries.migration.js';
import { CreatePhoneNumbers1764900000000 } from './1764900000000-create-phone-numbers.migration.js';
import { CreateMfas1765000000000 } from './1765000000000-create-mfas.migration.js';
import { CreateBots1765100000000 } from './1765100000000-create-bots.migration.js';
import { CreateMembers1765200000000 } from './1765200000000-create-members.migration.js';
import { CreateMemberInvitations1765200000001 } from './1765200000001-create-member-invitations.migration.js';
import { AppliedPurchaseOutlivesMfa1765300000000 } from './1765300000000-applied-purchase-outlives-mfa.migration.js';
import { NumberHoldingDates1765300000100 } from './1765300000100-number-holding-dates.migration.js';
import { SmsWebhookPointed1767000000000 } from './1767000000000-sms-webhook-pointed.migration.js';
import { CreateUserStanding1767400000000 } from './1767400000000-create-user-standing.migration.js';
import { CreateInvitationSends1767500000100 } from './1767500000100-create-invitation-sends.migration.js';
import { BotLastUsed1767700000000 } from './1767700000000-bot-last-used.migration.js';
import { MfaRetention1767800000000 } from './1767800000000-mfa-retention.migration.js';
import { DestinationSeats1767900000371 } from './1767900000371-destination-seats.migration.js';

/** Every migration of the numbers database, oldest first. */
export const migrations = [
  ...eventBusMigrations,
  CreateCountries1763800000000,
  CreatePhoneNumbers1764900000000,
  CreateMfas1765000000000,
  CreateBots1765100000000,
  CreateMembers1765200000000,
  CreateMemberInvitations1765200000001,
  AppliedPurchaseOutlivesMfa1765300000000,
  NumberHoldingDates1765300000100,
  SmsWebhookPointed1767000000000,
  CreateUserStanding1767400000000,
  CreateInvitationSends1767500000100,
  BotLastUsed1767700000000,
  MfaRetention1767800000000,
  DestinationSeats1767900000371,
];
