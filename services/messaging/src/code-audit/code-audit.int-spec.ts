import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { mfaCreated } from '@multimfa/events';
import type { CodeAudit, RevealedCode } from '@multimfa/service-contracts/messaging';
import { eventually } from '@multimfa/service-runtime/testing';
import { createdMfa } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, useMessagingTestApp } from '../testing/messaging-test-app.harness.js';

describe('who used which code: reveals and the audit of an MFA (real PostgreSQL, Redis and Kafka)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  async function mfa(MFAType: 'MultiMFA' | 'RoboMFA' = 'MultiMFA') {
    const mfaId = randomUUID();
    const userId = randomUUID();
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      mfaCreated,
      createdMfa({ mfaId, userId, MFAType }),
    );
    await eventually('the MFA in the view', async () => {
      const rows = await messaging.database.query('SELECT 1 FROM mfa_view WHERE mfa_id = $1', [mfaId]);
      return rows.length ? true : undefined;
    });
    return { mfaId, userId };
  }

  async function text(mfaId: string, code: string, receivedAt = new Date()) {
    const messageId = randomUUID();
    await messaging.database.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code,
                                    code_service, received_at)
       VALUES ($1, $2, $3, 'MultiMFA', '+14155550142', 'Google', $4, $5, 'Google', $6)`,
      [messageId, `SM${randomUUID().replace(/-/g, '')}`, mfaId, `G-${code} is your code`, code, receivedAt],
    );
    return messageId;
  }

  const reveals = async (messageId: string) =>
    (await messaging.database.query('SELECT 1 FROM code_reveal WHERE message_id = $1', [messageId])).length;

  it('answers the code only with a recorded reveal, and lists per text its members, destinations, reveals and bots with times', async () => {
    const team = await mfa();
    const receivedAt = new Date(Date.now() - 60_000);
    const messageId = await text(team.mfaId, '616161', receivedAt);
    const sentAt = new Date(receivedAt.getTime() + 800);
    await messaging.database.query(
      `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name,
                            status, sent_at)
       VALUES ($1, $2, $3, $4, 'SMS', '+14155550100', 'Ann', 'Lee', 'delivered', $5)`,
      [randomUUID(), messageId, team.mfaId, randomUUID(), sentAt],
    );
    const destinationId = randomUUID();
    await messaging.database.query(
      `INSERT INTO destination (destination_id, mfa_id, kind, name, url, content, status)
       VALUES ($1, $2, 'slack', 'Ops channel', 'https://hooks.slack.com/services/T/B/x', 'code_only', 'active')`,
      [destinationId, team.mfaId],
    );
    await messaging.database.query(
      `INSERT INTO destination_delivery (delivery_id, message_id, destination_id, mfa_id, status, attempts, delivered_at)
       VALUES ($1, $2, $3, $4, 'delivered', 1, $5)`,
      [randomUUID(), messageId, destinationId, team.mfaId, sentAt],
    );
    const botId = randomUUID();
    await messaging.database.query(
      `INSERT INTO bot_message_action (message_id, bot_id, action, at) VALUES ($1, $2, 'read', $3)`,
      [messageId, botId, sentAt],
    );
    await messaging.database.query(
      'INSERT INTO message_claim (message_id, bot_id, claimed_at) VALUES ($1, $2, $3)',
      [messageId, botId, new Date(sentAt.getTime() + 1000)],
    );

    for (const name of ['Olive Owner', 'Olive Owner']) {
      const revealed = await messaging.call<RevealedCode>(
        'POST',
        `/mfas/${team.mfaId}/messages/${messageId}/reveal`,
        { userId: team.userId, revealedBy: name },
      );
      assert.equal(revealed.status, 200);
      assert.equal(revealed.body.code, '616161');
    }
    assert.equal(await reveals(messageId), 2, 'each reveal is recorded');

    const audit = await messaging.call<CodeAudit>(
      'GET',
      `/mfas/${team.mfaId}/code-audit?userId=${team.userId}`,
    );
    assert.equal(audit.status, 200);
    const [entry] = audit.body.entries;
    assert.equal(audit.body.entries.length, 1);
    assert.equal(entry?.messageId, messageId);
    assert.equal(entry?.codeService, 'Google');
    assert.equal(entry?.hadCode, true);
    assert.equal(JSON.stringify(entry).includes('616161'), false, 'the audit never carries the code');
    assert.deepEqual(
      [...(entry?.members ?? [])].map((m) => [m.firstName, m.channel, m.status, m.at]),
      [['Ann', 'SMS', 'delivered', sentAt.toISOString()]],
    );
    assert.deepEqual(
      [...(entry?.destinations ?? [])].map((d) => [d.name, d.kind, d.status, d.at]),
      [['Ops channel', 'slack', 'delivered', sentAt.toISOString()]],
    );
    assert.deepEqual(
      [...(entry?.reveals ?? [])].map((r) => [r.userId, r.revealedBy]),
      [
        [team.userId, 'Olive Owner'],
        [team.userId, 'Olive Owner'],
      ],
    );
    assert.deepEqual(
      [...(entry?.bots ?? [])].map((b) => [b.botId, b.action]),
      [
        [botId, 'read'],
        [botId, 'claimed'],
      ],
    );
  });

  it("refuses another customer's reveal and audit with 404, records nothing, and answers a text of another MFA 404 through its owner's own MFA", async () => {
    const victim = await mfa();
    const attacker = await mfa();
    const messageId = await text(victim.mfaId, '737373');

    const stolen = await messaging.call<RevealedCode>(
      'POST',
      `/mfas/${victim.mfaId}/messages/${messageId}/reveal`,
      {
        userId: attacker.userId,
        revealedBy: 'Mallory',
      },
    );
    assert.equal(stolen.status, 404);
    assert.equal(JSON.stringify(stolen.body).includes('737373'), false);
    const crossed = await messaging.call<RevealedCode>(
      'POST',
      `/mfas/${attacker.mfaId}/messages/${messageId}/reveal`,
      { userId: attacker.userId, revealedBy: 'Mallory' },
    );
    assert.equal(crossed.status, 404);
    assert.equal(JSON.stringify(crossed.body).includes('737373'), false);
    assert.equal(await reveals(messageId), 0);

    const audit = await messaging.call('GET', `/mfas/${victim.mfaId}/code-audit?userId=${attacker.userId}`);
    assert.equal(audit.status, 404);
  });

  it('pages the audit by time: `before` answers the texts received earlier, newest first', async () => {
    const team = await mfa('RoboMFA');
    const base = Date.now() - 10 * 60_000;
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await text(team.mfaId, `10000${i}`, new Date(base + i * 1000)));
    const first = await messaging.call<CodeAudit>(
      'GET',
      `/mfas/${team.mfaId}/code-audit?userId=${team.userId}&limit=2`,
    );
    assert.deepEqual(
      [...(first.body.entries ?? [])].map((e) => e.messageId),
      [ids[2], ids[1]],
    );
    const before = first.body.entries.at(-1)?.receivedAt ?? '';
    const next = await messaging.call<CodeAudit>(
      'GET',
      `/mfas/${team.mfaId}/code-audit?userId=${team.userId}&limit=2&before=${encodeURIComponent(before)}`,
    );
    assert.deepEqual(
      [...(next.body.entries ?? [])].map((e) => e.messageId),
      [ids[0]],
    );
  });
});
