import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  AddDestinationBody,
  DeliveryAttempt,
  Destination,
  DestinationCreated,
} from '@multimfa/api-contract';
import { Outbox, outboxEvent } from '@multimfa/event-bus';
import { destinationAdded, destinationRemoved, sealSecret } from '@multimfa/events';
import { Clock, DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { urlRefusal } from '../providers/public-address.rules.js';
import { DestinationPostError, DestinationPoster } from './destination.poster.js';
import { DESTINATION_SETTINGS, type DestinationSettings } from './destination.settings.js';
import { renderSlackChallenge } from './destination-message.templates.js';
import { type DestinationRecord, DestinationsRepository, toDestination } from './destinations.repository.js';
import { newSigningSecret } from './webhook-signature.rules.js';

/** A proof post (the Slack test, the webhook challenge) is made while the owner waits: short. */
const PROOF_TIMEOUT_MS = 4_000;
/** Wrong codes typed for one Slack test post before a new post is needed. */
const MAX_WRONG_CODES = 5;
/** A Slack incoming webhook's path: /services/<team>/<bot>/<token>. */
const SLACK_PATH = /^\/services\/[A-Z0-9]{6,20}\/[A-Z0-9]{6,20}\/[A-Za-z0-9]{16,40}$/;
const SLACK_ORIGIN = 'https://hooks.slack.com';

/** The code as the post shows it: 123-456. */
const spaced = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
const hashed = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const invalidUrl = (message: string) => new DomainError('DESTINATION_URL_INVALID', message, 422);
const notFound = () => new NotFoundError('Destination not found');

/**
 * A MultiMFA's destinations: added once the URL passes the rules (a Slack incoming webhook; an https
 * webhook to a public address) and the destination answered its proof; a Slack channel then waits
 * for the code of its test post, a webhook that echoed its challenge is active at once. Each takes a
 * seat: the event numbers counts is written with the row. Every call checks the caller owns the
 * MultiMFA (another customer's: 404).
 */
@Injectable()
export class DestinationsService {
  constructor(
    @Inject(DestinationsRepository) private readonly destinations: DestinationsRepository,
    @Inject(DestinationPoster) private readonly poster: DestinationPoster,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(DESTINATION_SETTINGS) private readonly settings: DestinationSettings,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: string, mfaId: string): Promise<Array<Destination & { attempts: DeliveryAttempt[] }>> {
    await this.checkOwner(userId, mfaId);
    const [records, attempts] = await Promise.all([
      this.destinations.listOf(mfaId),
      this.destinations.recentAttempts(mfaId),
    ]);
    return records.map((record) => ({
      ...this.view(record),
      attempts: attempts.get(record.destinationId) ?? [],
    }));
  }

  async add(userId: string, mfaId: string, request: AddDestinationBody): Promise<DestinationCreated> {
    await this.checkOwner(userId, mfaId);
    const destinationId = randomUUID();
    const now = this.clock.now();
    const base = {
      destinationId,
      mfaId,
      kind: request.kind,
      name: request.name,
      content: request.content,
      proofAttempts: 0,
      createdAt: now,
    };
    let record: DestinationRecord;
    let signingSecret: string | null = null;
    if (request.kind === 'slack') {
      const code = this.newCode();
      record = {
        ...base,
        url: this.slackPath(request.url),
        secretSealed: null,
        status: 'pending',
        proofHash: hashed(code),
        activatedAt: null,
      };
      await this.prove(record, renderSlackChallenge(spaced(code), await this.destinations.mfaName(mfaId)));
    } else {
      signingSecret = newSigningSecret();
      record = {
        ...base,
        url: this.webhookUrl(request.url),
        secretSealed: sealSecret(this.settings.secretKey, signingSecret, destinationId),
        status: 'active',
        proofHash: null,
        activatedAt: now,
      };
      await this.challenge(record);
    }
    await this.destinations.transaction(async (manager) => {
      await this.destinations.insert(manager, record);
      await this.outbox.publishEach(manager, [
        outboxEvent(destinationAdded, {
          destinationId,
          mfaId,
          kind: record.kind,
          addedAt: now.toISOString(),
        }),
      ]);
    });
    return { destination: this.view(record), signingSecret };
  }

  /** Activates a Slack destination with the code its test post showed. */
  async confirm(userId: string, destinationId: string, code: string): Promise<Destination> {
    const destination = await this.owned(userId, destinationId);
    if (destination.status === 'active') return this.view(destination);
    if (!destination.proofHash || destination.proofAttempts >= MAX_WRONG_CODES) {
      throw new DomainError('CONFIRMATION_LOCKED', 'Too many wrong codes: send a new test post', 422);
    }
    const given = Buffer.from(hashed(code.replace(/[\s-]/g, '')), 'hex');
    if (!timingSafeEqual(given, Buffer.from(destination.proofHash, 'hex'))) {
      await this.destinations.wrongProof(destinationId);
      throw new DomainError('WRONG_CONFIRMATION_CODE', 'That is not the code of the test post', 422);
    }
    const now = this.clock.now();
    await this.destinations.activate(destinationId, now);
    return this.view({ ...destination, status: 'active', activatedAt: now, proofHash: null });
  }

  /** Posts a new code to a pending Slack destination (the old one no longer works). */
  async resendTest(userId: string, destinationId: string): Promise<Destination> {
    const destination = await this.owned(userId, destinationId);
    if (destination.status === 'active' || destination.kind !== 'slack') return this.view(destination);
    const code = this.newCode();
    await this.prove(
      destination,
      renderSlackChallenge(spaced(code), await this.destinations.mfaName(destination.mfaId)),
    );
    await this.destinations.newProof(destinationId, hashed(code));
    return this.view(destination);
  }

  async remove(userId: string, destinationId: string): Promise<void> {
    const destination = await this.owned(userId, destinationId);
    const now = this.clock.now();
    await this.destinations.transaction(async (manager) => {
      if (!(await this.destinations.remove(manager, destinationId, now))) return;
      await this.outbox.publishEach(manager, [
        outboxEvent(destinationRemoved, {
          destinationId,
          mfaId: destination.mfaId,
          removedAt: now.toISOString(),
        }),
      ]);
    });
  }

  private async checkOwner(userId: string, mfaId: string): Promise<void> {
    if ((await this.destinations.ownerOfMultiMfa(mfaId)) !== userId)
      throw new NotFoundError('MultiMFA not found');
  }

  private async owned(userId: string, destinationId: string): Promise<DestinationRecord> {
    const found = await this.destinations.findOwned(destinationId);
    if (!found || found.userId !== userId) throw notFound();
    return found.destination;
  }

  private view(record: DestinationRecord): Destination {
    return toDestination(record, this.settings.slackBaseUrl);
  }

  /** Six digits, written 123-456 in the post; typed with or without the dash. */
  private newCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  /**
   * The path of a Slack incoming webhook URL (https://hooks.slack.com/services/T…/B…/…): the
   * configured base URL (the sandbox locally) is where it is posted, so only the path is kept.
   */
  private slackPath(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalidUrl('This is not a Slack incoming webhook URL (https://hooks.slack.com/services/…)');
    }
    const origins = new Set([SLACK_ORIGIN, new URL(this.settings.slackBaseUrl).origin]);
    if (!origins.has(url.origin) || !SLACK_PATH.test(url.pathname) || url.search || url.hash) {
      throw invalidUrl('This is not a Slack incoming webhook URL (https://hooks.slack.com/services/…)');
    }
    return url.pathname;
  }

  private webhookUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalidUrl('Please provide a valid https URL');
    }
    if (url.hash) throw invalidUrl('The URL may not hold a #fragment');
    const refusal = urlRefusal(url, this.settings.allowedPrivateHosts);
    if (refusal) {
      throw refusal.startsWith('The URL points')
        ? new DomainError('DESTINATION_ADDRESS_REFUSED', refusal, 422)
        : invalidUrl(refusal);
    }
    return url.toString();
  }

  /** The webhook must answer its challenge with the challenge: its body alone, or `{ "challenge": … }`. */
  private async challenge(record: DestinationRecord): Promise<void> {
    const challenge = randomBytes(24).toString('base64url');
    const outcome = await this.prove(record, { type: 'challenge', challenge });
    let echoed = outcome.body.trim();
    try {
      const parsed: unknown = JSON.parse(echoed);
      if (parsed && typeof parsed === 'object' && 'challenge' in parsed) echoed = String(parsed.challenge);
    } catch {
      // Not JSON: the body itself is the echo.
    }
    if (echoed !== challenge) {
      throw new DomainError(
        'DESTINATION_TEST_FAILED',
        'The webhook answered the challenge without echoing it: answer {"type":"challenge","challenge":"…"} with the challenge',
        422,
      );
    }
  }

  private async prove(record: DestinationRecord, payload: object) {
    try {
      return await this.poster.post(record, payload, PROOF_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof DestinationPostError)) throw error;
      if (error.outcome.status === null && error.permanent) {
        throw new DomainError('DESTINATION_ADDRESS_REFUSED', error.message, 422);
      }
      const who =
        record.kind === 'slack' ? 'Slack refused the test post' : 'The webhook did not accept the challenge';
      throw new DomainError('DESTINATION_TEST_FAILED', `${who}: ${error.message}`, 422);
    }
  }
}
