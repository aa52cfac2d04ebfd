import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import { createSandbox, loadSandboxSettings } from '@multimfa/provider-sandbox/server';
import type { PoolNumber } from '@multimfa/service-contracts/numbers';
import { numbersService } from '../service.definition.js';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';
/** numbers' PUBLIC_API_URL in these tests: where Twilio is told to send texts. */
export const PUBLIC_API_URL = 'https://multimfa.test';

/** A numbers process of an integration test, with Twilio played by the provider sandbox. */
export interface NumbersTestApp extends ServiceTestApp {
  /** Each country's id, by ISO code. */
  readonly countryIds: ReadonlyMap<string, number>;
  /** The sandbox account's SID of each of its numbers. */
  readonly sids: ReadonlyMap<string, string>;
  /** Calls the sandbox's Twilio API as numbers' account (`path` below the account); POSTs `form` if given. */
  twilioApi(path: string, form?: Record<string, string>): Promise<Response>;
  /** Adds one of the sandbox account's numbers to the pool. */
  addToPool(e164: string): Promise<PoolNumber>;
}

/**
 * Numbers as `startServiceTestApp` starts a service (its test database for `database`), Twilio in the
 * sandbox, whose account owns `phoneNumbers` (none of them in the pool yet).
 */
export async function startNumbersTestApp(database: string, phoneNumbers: string[]): Promise<NumbersTestApp> {
  const sandbox = createSandbox(
    loadSandboxSettings({ LOG_LEVEL: 'silent', TWILIO_PHONE_NUMBERS: phoneNumbers.join(',') }).config,
  );
  const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
  const numbers = await startServiceTestApp(numbersService, {
    database,
    companions: [sandbox],
    settings: {
      PUBLIC_API_URL,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      BOT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TWILIO_API_URL: sandboxUrl,
    },
  });
  const twilioApi = (path: string, form?: Record<string, string>) =>
    fetch(`${sandboxUrl}/2010-04-01/Accounts/${ACCOUNT_SID}/${path}`, {
      ...(form ? { method: 'POST', body: new URLSearchParams(form).toString() } : {}),
      headers: {
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
  try {
    const countries = await numbers.call<Array<{ multiMFACountryId: number; isoCode: string }>>(
      'GET',
      '/countries',
    );
    const countryIds = new Map(countries.body.map((country) => [country.isoCode, country.multiMFACountryId]));
    const owned = (await (await twilioApi('IncomingPhoneNumbers.json')).json()) as {
      incoming_phone_numbers: Array<{ phone_number: string; sid: string }>;
    };
    const sids = new Map(owned.incoming_phone_numbers.map((number) => [number.phone_number, number.sid]));
    const addToPool = async (e164: string) => {
      const added = await numbers.call<PoolNumber>('POST', '/pool/numbers', {
        mobileNo: e164,
        sid: sids.get(e164),
        referenceName: `Sandbox ${e164}`,
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      return added.body;
    };
    return Object.assign(numbers, { countryIds, sids, twilioApi, addToPool });
  } catch (error) {
    await numbers.close().catch(() => undefined);
    throw error;
  }
}
