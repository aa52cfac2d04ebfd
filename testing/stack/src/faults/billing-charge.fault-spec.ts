import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { eventually } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { customerWithCard } from '../testing/accounts.builder.js';
import { PrivateRedis } from '../testing/private-redis.harness.js';
import { ServiceStack } from '../testing/service-stack.harness.js';
import { sleep } from '../testing/text-stream.fixture.js';

const DAY = 86_400_000;
const STRIPE_KEY = 'sk_test_multimfa_sandbox';

describe('renewals under billing’s faults: SIGKILLed right after Stripe charged, its Redis restarted empty (billing as a process with a private redis-server; the sandbox’s Stripe; PostgreSQL, Kafka)', () => {
  const stack = new ServiceStack();
  const redis = new PrivateRedis();
  let gatewayUrl: string;
  let billingDb: pg.Client;
  let inbox: SandboxClient;

  /** The customer's PaymentIntents in the sandbox's Stripe, as billing's own lookup lists them. */
  async function paymentIntents(customer: string): Promise<Array<{ status: string; amount: number }>> {
    const response = await fetch(`${stack.sandboxUrl}/v1/payment_intents?customer=${customer}&limit=100`, {
      headers: { authorization: `Bearer ${STRIPE_KEY}` },
    });
    return ((await response.json()) as { data: Array<{ status: string; amount: number }> }).data;
  }

  /** A new customer with a saved card, and an ACTIVE subscription of theirs due for renewal a minute ago. */
  async function dueSubscription(label: string) {
    const { userId, stripeCustomerId } = await customerWithCard(stack, gatewayUrl, label);
    const subscriptionId = randomUUID();
    const due = new Date(Date.now() - 60_000);
    await billingDb.query(
      `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
         no_of_users, status, period_start, next_payment_date, auto_renewal)
       VALUES ($1, $2, $3, 'MultiMFA', 1, 'Basic', 500, 2, 'ACTIVE', $4, $5, true)`,
      [subscriptionId, userId, randomUUID(), new Date(due.getTime() - 31 * DAY), due],
    );
    return { subscriptionId, stripeCustomerId, due };
  }

  /** Waits until the subscription's renewal is recorded RENEWED; returns its renewal rows. */
  function renewed(subscriptionId: string, timeoutMs: number) {
    return eventually(
      'the renewal recorded',
      async () => {
        const { rows } = await billingDb.query<{ outcome: string }>(
          'SELECT outcome FROM renewal WHERE subscription_id = $1',
          [subscriptionId],
        );
        return rows[0]?.outcome === 'RENEWED' ? rows : undefined;
      },
      timeoutMs,
    );
  }

  beforeAll(async () => {
    await redis.start();
    await stack.start({}, { billingProcess: true, billingSettings: { REDIS_URL: await redis.url() } });
    gatewayUrl = (await stack.gateway()).url;
    billingDb = new pg.Client({ connectionString: stack.databases[1] });
    await billingDb.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    await billingDb?.end();
    await stack.stop();
    await redis.destroy();
  });

  it('charges the card once, records the invoice PAID once and moves the subscription one period: the restarted worker finds the charge in Stripe instead of charging again', async () => {
    const { subscriptionId, stripeCustomerId, due } = await dueSubscription('billing-kill');

    // Stripe takes the next call (the renewal's charge), makes it, and holds the answer.
    await inbox.setFault({ provider: 'stripe', holdAnswer: true });
    await eventually(
      'the renewal’s charge reached Stripe',
      async () => ((await inbox.faults()).length === 0 ? true : undefined),
      150_000,
    );
    await sleep(300);
    await stack.billing?.kill();
    expect(
      (await paymentIntents(stripeCustomerId)).map(({ status, amount }) => [status, amount]),
    ).toStrictEqual([['succeeded', 500]]);
    const { rows: charging } = await billingDb.query(
      `SELECT status FROM invoice WHERE subscription_id = $1`,
      [subscriptionId],
    );
    expect(charging).toStrictEqual([{ status: 'UNPAID' }]);

    await stack.billing?.start();
    const paid = await renewed(subscriptionId, 120_000);
    expect(paid).toHaveLength(1);
    const { rows: invoices } = await billingDb.query(
      'SELECT status, amount_cents FROM invoice WHERE subscription_id = $1',
      [subscriptionId],
    );
    expect(invoices).toStrictEqual([{ status: 'PAID', amount_cents: 500 }]);
    const { rows: subscription } = await billingDb.query<{ next_payment_date: Date; status: string }>(
      'SELECT status, next_payment_date FROM subscription WHERE id = $1',
      [subscriptionId],
    );
    expect(subscription[0]?.status).toBe('ACTIVE');
    expect(subscription[0]?.next_payment_date.getTime()).toBeGreaterThan(due.getTime() + 27 * DAY);
    expect(subscription[0]?.next_payment_date.getTime()).toBeLessThan(due.getTime() + 32 * DAY);
    expect((await paymentIntents(stripeCustomerId)).map(({ status }) => status)).toStrictEqual(['succeeded']);
  }, 330_000);

  it('renews a subscription that fell due while billing’s Redis was down, once, when an empty Redis comes back: the lost scheduler is registered again and its sweep finds it in PostgreSQL', async () => {
    await redis.kill();
    const { subscriptionId, stripeCustomerId } = await dueSubscription('billing-redis');
    await redis.restartEmpty();
    // Billing registers the scheduler again once it is connected to the new Redis (and every minute);
    // a scheduler's first sweep runs at once.
    expect(await renewed(subscriptionId, 180_000)).toHaveLength(1);
    const { rows: invoices } = await billingDb.query(
      'SELECT status, amount_cents FROM invoice WHERE subscription_id = $1',
      [subscriptionId],
    );
    expect(invoices).toStrictEqual([{ status: 'PAID', amount_cents: 500 }]);
    expect(
      (await paymentIntents(stripeCustomerId)).map(({ status, amount }) => [status, amount]),
    ).toStrictEqual([['succeeded', 500]]);
  }, 240_000);
});
