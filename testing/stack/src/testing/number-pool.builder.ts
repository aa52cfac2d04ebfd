import assert from 'node:assert/strict';
import type { Browser } from './service-stack.harness.js';

/** The sandbox's Twilio account, as the stack's services are configured with it. */
const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';

/**
 * Adds every number of the sandbox's Twilio account (its `TWILIO_PHONE_NUMBERS`) to the pool, with
 * its Twilio SID, as an administrator does in the admin area: MFAs bought after get them.
 */
export async function poolSandboxNumbers(sandboxUrl: string, administrator: Browser): Promise<void> {
  const owned = (await (
    await fetch(`${sandboxUrl}/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers.json`, {
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}` },
    })
  ).json()) as { incoming_phone_numbers: Array<{ phone_number: string; sid: string }> };
  for (const { phone_number: mobileNo, sid } of owned.incoming_phone_numbers) {
    const added = await administrator.call('POST', '/api/admin/twilio-numbers', {
      mobileNo,
      sid,
      referenceName: `Sandbox ${mobileNo}`,
    });
    assert.equal(added.status, 200, added.body.message);
  }
}
