import { eventBusMigrations } from '@multimfa/event-bus';
import type { MigrationInterface } from 'typeorm';
import { CreateCustomers1763800000200 } from './1763800000200-create-customers.migration.js';
import { CreatePlans1763800000210 } from './1763800000210-create-plans.migration.js';
import { CreatePurchases1763800000220 } from './1763800000220-create-purchases.migration.js';
import { CreateSavedCards1764500000000 } from './1764500000000-create-saved-cards.migration.js';
import { SoftDeleteDiscounts1764700090100 } from './1764700090100-soft-delete-discounts.migration.js';
import { CreateRenewals1765000000000 } from './1765000000000-create-renewals.migration.js';
import { CreateUsage1766500000000 } from './1766500000000-create-usage.migration.js';
import { CreateDiscountMailings1766600000700 } from './1766600000700-create-discount-mailings.migration.js';
import { CreateWaitlistOffers1767100000000 } from './1767100000000-create-waitlist-offers.migration.js';
import { SubscriptionEnded1767200000000 } from './1767200000000-subscription-ended.migration.js';
import { RenewalCharging1767200000001 } from './1767200000001-renewal-charging.migration.js';
import { CreateUsageSettlements1767300000000 } from './1767300000000-create-usage-settlements.migration.js';
import { CreateUserStanding1767300000001 } from './1767300000001-create-user-standing.migration.js';
import { PendingCustomers1767400000200 } from './1767400000200-pending-customers.migration.js';

/** Every migration of the billing database, oldest first. */
export const migrations: Array<new () => MigrationInterface> = [
  ...eventBusMigrations,
  CreateCustomers1763800000200,
  CreatePlans1763800000210,
  CreatePurchases1763800000220,
  CreateSavedCards1764500000000,
  SoftDeleteDiscounts1764700090100,
  CreateRenewals1765000000000,
  CreateUsage1766500000000,
  CreateDiscountMailings1766600000700,
  CreateWaitlistOffers1767100000000,
  SubscriptionEnded1767200000000,
  RenewalCharging1767200000001,
  CreateUsageSettlements1767300000000,
  CreateUserStanding1767300000001,
  PendingCustomers1767400000200,
];
