import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per subscription and usage period whose texts over the allowance are (to be) invoiced: the
 * database's guard that a period's usage is billed once, whichever path bills it (the renewal invoice,
 * or an overage invoice of its own when the subscription does not renew, ended, or changed plan). The
 * allowance is the one the period was sold with, kept here since a plan change replaces the
 * subscription's plan.
 */
export class CreateUsageSettlements1767300000000 implements MigrationInterface {
  name = 'CreateUsageSettlements1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE usage_settlement (
        subscription_id uuid NOT NULL REFERENCES subscription (id),
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL CHECK (period_end >= period_start),
        reason varchar(12) NOT NULL CHECK (reason IN ('RENEWAL', 'NOT_RENEWED', 'ENDED', 'PLAN_CHANGED')),
        plan_label varchar(60) NOT NULL,
        texts_per_month integer NOT NULL CHECK (texts_per_month >= 0),
        extra_text_price_cents integer NOT NULL CHECK (extra_text_price_cents >= 0),
        state varchar(13) NOT NULL
          CHECK (state IN ('PENDING', 'CHARGING', 'INVOICED', 'NOTHING_OVER', 'BELOW_MINIMUM', 'IN_RENEWAL')),
        invoice_id uuid UNIQUE REFERENCES invoice (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, period_start),
        CHECK (state <> 'CHARGING' OR invoice_id IS NOT NULL)
      )`);
    await queryRunner.query(
      `CREATE INDEX usage_settlement_due_idx ON usage_settlement (period_end)
         WHERE state IN ('PENDING', 'CHARGING')`,
    );
    // Subscriptions ended before this release whose period is still running: their usage is invoiced
    // at the period's end like that of any subscription ended from now on.
    await queryRunner.query(`
      INSERT INTO usage_settlement (subscription_id, period_start, period_end, reason, plan_label,
                                    texts_per_month, extra_text_price_cents, state)
      SELECT s.id, s.period_start, s.next_payment_date, 'ENDED', s.mfa_type || ' ' || s.plan_name,
             p.texts_per_month, p.extra_text_price_cents, 'PENDING'
        FROM subscription s JOIN plan p ON p.plan_id = s.plan_id
       WHERE s.status = 'ENDED' AND s.next_payment_date > now() AND s.ended_at < s.next_payment_date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE usage_settlement');
  }
}
