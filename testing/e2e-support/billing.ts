// Billing states no screen makes yet (a renewal that was not paid), written to billing's database as
// billing itself leaves them: an active subscription and an UNPAID invoice of it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const billingDatabaseUrl = process.env.MMFA_E2E_BILLING_DATABASE_URL;

export async function unpaidInvoice(input: {
  userId: string;
  amountCents: number;
  autoRenewal?: boolean;
}): Promise<{ invoiceId: string; invoiceNo: string }> {
  assert.ok(billingDatabaseUrl, 'MMFA_E2E_BILLING_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString: billingDatabaseUrl });
  await client.connect();
  try {
    const subscriptionId = randomUUID();
    const now = new Date();
    await client.query(
      `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
         no_of_users, status, period_start, next_payment_date, auto_renewal)
       VALUES ($1, $2, $3, 'MultiMFA', 2, 'Professional', $4, 5, 'ACTIVE', $5, $6, $7)`,
      [
        subscriptionId,
        input.userId,
        randomUUID(),
        input.amountCents,
        now,
        new Date(now.getTime() + 30 * 86_400_000),
        input.autoRenewal ?? true,
      ],
    );
    const { rows } = await client.query<{ id: string; invoice_no: string }>(
      `INSERT INTO invoice (user_id, subscription_id, amount_cents, description, status, invoice_date)
       VALUES ($1, $2, $3, 'MultiMFA Professional plan, renewal', 'UNPAID', $4) RETURNING id, invoice_no`,
      [input.userId, subscriptionId, input.amountCents, now],
    );
    const [row] = rows;
    assert.ok(row);
    return { invoiceId: row.id, invoiceNo: row.invoice_no };
  } finally {
    await client.end();
  }
}
