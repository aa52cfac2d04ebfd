import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { shortestRetryHorizonMs } from '../providers/retry-delay.rules.js';
import {
  DESTINATION_DELIVERY_JOB_OPTIONS,
  EMAIL_JOB_OPTIONS,
  FORWARD_JOB_OPTIONS,
  SMS_JOB_OPTIONS,
} from './queues.constants.js';

const HOUR = 3_600_000;

describe("the queues' retries", () => {
  it('keep every provider send (forwards, e-mails, SMS, destination deliveries) trying for at least an hour, however the jittered delays fall', () => {
    for (const options of [
      FORWARD_JOB_OPTIONS,
      EMAIL_JOB_OPTIONS,
      SMS_JOB_OPTIONS,
      DESTINATION_DELIVERY_JOB_OPTIONS,
    ]) {
      assert.equal(options.backoff.type, 'provider');
      assert.ok(
        shortestRetryHorizonMs(options.attempts) >= HOUR,
        `${options.attempts} attempts give up after ${shortestRetryHorizonMs(options.attempts)} ms`,
      );
    }
  });
});
