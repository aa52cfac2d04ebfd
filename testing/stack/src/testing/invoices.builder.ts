import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Test data for saved cards and invoices, written to billing's database as a completed purchase and
 * a renewal that was not paid leave them: an active subscription and an UNPAID invoice of it.
 */
export async function unpaidInvoice(
  billingDatabaseUrl: string,
  input: {
    userId: string;
    amountCents?: number;
    autoRenewal?: boolean;
    description?: string;
    /** The MFA the subscription pays for (one numbers holds, when the test needs it). */
    mfaId?: string;
  },
): Promise<{ invoiceId: string; invoiceNo: string; subscriptionId: string }> {
  const client = new pg.Client({ connectionString: billingDatabaseUrl });
  await client.connect();
  try {
    const subscriptionId = randomUUID();
    const now = new Date();
    await client.query(
      `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
         no_of_users, status, period_start, next_payment_date, auto_renewal)
       VALUES ($1, $2, $3, 'MultiMFA', 1, 'Basic', 500, 2, 'ACTIVE', $4, $5, $6)`,
      [
        subscriptionId,
        input.userId,
        input.mfaId ?? randomUUID(),
        now,
        new Date(now.getTime() + 30 * 86_400_000),
        input.autoRenewal ?? true,
      ],
    );
    const { rows } = await client.query<{ id: string; invoice_no: string }>(
      `INSERT INTO invoice (user_id, subscription_id, amount_cents, description, status, invoice_date)
       VALUES ($1, $2, $3, $4, 'UNPAID', $5) RETURNING id, invoice_no`,
      [
        input.userId,
        subscriptionId,
        input.amountCents ?? 500,
        input.description ?? 'MultiMFA Basic plan, renewal',
        now,
      ],
    );
    const [row] = rows;
    assert.ok(row);
    return { invoiceId: row.id, invoiceNo: row.invoice_no, subscriptionId };
  } finally {
    await client.end();
  }
}
