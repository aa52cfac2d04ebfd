import { Outbox } from '@multimfa/event-bus';
import { Clock, LOGGER } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import { CardsRepository } from '../cards/cards.repository.js';
import { RenewalsQueue } from '../queue/renewals.queue.js';
import { InvoiceChargeService } from '../renewals/invoice-charge.service.js';
import { RenewalsRepository } from '../renewals/renewals.repository.js';
import { RenewalsService } from '../renewals/renewals.service.js';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';

/**
 * For other packages' integration tests: the renewals of a running billing app as a replica whose
 * clock is `clock` runs them (`renew(subscriptionId, periodEnd)`), so a test moves time to a payment
 * date without waiting.
 */
export function renewalsAt(app: INestApplication, clock: Clock): Pick<RenewalsService, 'renew' | 'sweep'> {
  return new RenewalsService(
    app.get(RenewalsRepository),
    app.get(CardsRepository),
    app.get(InvoiceChargeService),
    app.get(RenewalsQueue),
    app.get(Outbox),
    clock,
    app.get(LOGGER),
    app.get(UsageSettlementsRepository),
  );
}
