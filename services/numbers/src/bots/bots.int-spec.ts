import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type {
  BotKeyUse,
  BotRecord,
  MfaRecord,
  RoboMfaDetailRecord,
} from '@multimfa/service-contracts/numbers';
import { type NumbersTestApp, startNumbersTestApp } from '../testing/numbers-test-app.harness.js';
import { completedPurchase } from '../testing/purchase.builder.js';

const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

describe("numbers: a bot key's last use (real PostgreSQL)", () => {
  let numbers: NumbersTestApp;

  beforeAll(async () => {
    numbers = await startNumbersTestApp('numbers_bots', []);
  });

  afterAll(() => numbers?.close());

  async function ownedBot() {
    const userId = randomUUID();
    const countryId = numbers.countryIds.get('GB') ?? 0;
    const robo = await numbers.call<MfaRecord>(
      'POST',
      '/purchases',
      completedPurchase(userId, countryId, { MFAType: 'RoboMFA' }),
    );
    assert.equal(robo.status, 200, JSON.stringify(robo.body));
    const created = await numbers.call<BotRecord>(
      'POST',
      `/users/${userId}/robo-mfas/${robo.body.mfaId}/bots`,
      { referenceName: 'ci' },
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const lastUsed = async () => {
      const detail = await numbers.call<RoboMfaDetailRecord>(
        'GET',
        `/users/${userId}/robo-mfas/${robo.body.mfaId}`,
      );
      return detail.body.bots[0]?.lastUsedAt;
    };
    return { bot: created.body, keyHash: hashOf(created.body.apiKey), lastUsed };
  }

  const noteUse = (keyHash: string) => numbers.call<BotKeyUse>('POST', `/bot-keys/${keyHash}/used`);

  it('shows a new bot as never used, then the time its key was first noted; a second note within the minute writes nothing', async () => {
    const { bot, keyHash, lastUsed } = await ownedBot();
    assert.equal(bot.lastUsedAt, null);
    assert.equal(await lastUsed(), null);

    const before = Date.now();
    const first = await noteUse(keyHash);
    assert.deepEqual({ status: first.status, noted: first.body.noted }, { status: 200, noted: true });
    const noted = await lastUsed();
    assert.ok(noted, 'a last use after the note');
    assert.ok(Date.parse(noted) >= before - 1000 && Date.parse(noted) <= Date.now() + 1000);

    const again = await noteUse(keyHash);
    assert.equal(again.body.noted, false);
    assert.equal(await lastUsed(), noted);
  });

  it('moves the last use again once a minute has passed since the one noted', async () => {
    const { keyHash, lastUsed } = await ownedBot();
    await noteUse(keyHash);
    await numbers.database.query(
      `UPDATE bot SET last_used_at = now() - interval '61 seconds' WHERE key_hash = $1`,
      [keyHash],
    );
    const old = await lastUsed();
    const later = await noteUse(keyHash);
    assert.equal(later.body.noted, true);
    const moved = await lastUsed();
    assert.ok(moved && old && Date.parse(moved) - Date.parse(old) >= 60_000);
  });

  it('notes nothing for a key no bot has, and refuses a hash that is not 64 hex digits with 400', async () => {
    const unknown = await noteUse(hashOf(`mmfa_bot_${randomUUID()}`));
    assert.deepEqual({ status: unknown.status, noted: unknown.body.noted }, { status: 200, noted: false });
    assert.equal((await noteUse('not-a-hash')).status, 400);
  });
});
