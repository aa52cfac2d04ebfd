import { Clock, currentCorrelationId, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EmailSender } from '../providers/email-sender.port.js';
import { EmailQueue } from '../queue/email.queue.js';
import { EmailComposers } from './email.composers.js';
import { EmailsRepository, type QueuedEmail } from './emails.repository.js';

/**
 * E-mails on their way out: recorded in the transaction that applies the request (with any code
 * still sealed for messaging), queued once that commits (the row's id is the job's id), then
 * composed by the folder that recorded the kind and sent by the worker with retries. A failed send
 * never blocks the request that caused it.
 */
@Injectable()
export class EmailsService {
  constructor(
    @Inject(EmailsRepository) private readonly emails: EmailsRepository,
    @Inject(EmailQueue) private readonly queue: EmailQueue,
    @Inject(EmailSender) private readonly sender: EmailSender,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Records the e-mail once (under the request's correlation id, else its own id); returns the
   * enqueueing to run after the commit, nothing if it was recorded before.
   */
  async record(
    manager: EntityManager,
    email: Omit<QueuedEmail, 'correlationId'>,
  ): Promise<(() => Promise<void>) | undefined> {
    const correlationId = currentCorrelationId() ?? email.emailId;
    const recorded = await this.emails.insertQueued(manager, { ...email, correlationId });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ emailId: email.emailId, correlationId });
  }

  /** Sends one queued e-mail (called by the worker; a thrown error is retried with backoff). */
  async deliver(emailId: string, attempt: number): Promise<void> {
    const email = await this.emails.find(emailId);
    if (!email) throw new Error(`e-mail ${emailId} is not recorded`);
    if (email.status !== 'QUEUED') return;
    const outgoing = await this.composers.compose(email);
    try {
      const { providerMessageId } = await this.sender.send(outgoing);
      await this.emails.markSent(emailId, providerMessageId, attempt, this.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.emails.recordFailedAttempt(emailId, attempt, reason);
      this.logger.warn({ emailId, attempt, reason }, 'e-mail not sent; will retry');
      throw error;
    }
  }

  async markFailed(emailId: string): Promise<void> {
    await this.emails.markFailed(emailId);
    this.logger.error({ emailId }, 'e-mail given up after its last retry');
  }

  /** Queues again the e-mails whose job was lost; the job id (the row's id) makes it a no-op otherwise. */
  async requeueLost(olderThanMs: number): Promise<number> {
    const lost = await this.emails.queuedBefore(new Date(this.clock.now().getTime() - olderThanMs));
    for (const { emailId, correlationId } of lost)
      await this.queue.enqueue({ emailId, correlationId: correlationId ?? emailId });
    return lost.length;
  }
}
