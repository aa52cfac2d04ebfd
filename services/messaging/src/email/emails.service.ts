import type { notificationRequested, PayloadOf } from '@multimfa/events';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email-settings.js';
import { EmailQueue } from '../queue/email-queue.js';
import type { SendEmailJob } from '../queue/queues.js';
import { EmailSender } from './email-sender.js';
import { renderNotification } from './email-templates.js';

/**
 * E-mails on their way out: recorded (without their content) and queued in the transaction that
 * applies the request, then sent by the worker with retries. A failed send never blocks the
 * request that caused it.
 */
@Injectable()
export class EmailsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EmailQueue) private readonly queue: EmailQueue,
    @Inject(EmailSender) private readonly sender: EmailSender,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async queueNotification(
    manager: EntityManager,
    request: PayloadOf<typeof notificationRequested>,
  ): Promise<void> {
    const content = renderNotification(request.kind, request, this.settings.webUrl, this.clock.now());
    await manager.query(
      `INSERT INTO outbound_email (email_id, user_id, kind, to_address, subject) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email_id) DO NOTHING`,
      [request.notificationId, request.userId, request.kind, request.emailAddress, content.subject],
    );
    // Queued before the commit and idempotent on the id: a retry of this event queues nothing new,
    // and a job whose row never committed finds nothing to send and retries until the row exists.
    await this.queue.enqueue({
      emailId: request.notificationId,
      to: { emailAddress: request.emailAddress, name: request.firstName },
      ...content,
    });
  }

  /** Sends one queued e-mail (called by the worker; a thrown error is retried with backoff). */
  async deliver(job: SendEmailJob, attempt: number): Promise<void> {
    const row = await this.recorded(job.emailId);
    if (!row) throw new Error(`e-mail ${job.emailId} is not recorded yet`);
    if (row.status === 'SENT') return;
    try {
      const { providerMessageId } = await this.sender.send(job);
      await this.dataSource.query(
        `UPDATE outbound_email SET status = 'SENT', provider_message_id = $2, attempts = $3, sent_at = $4, last_error = NULL
          WHERE email_id = $1`,
        [job.emailId, providerMessageId, attempt, this.clock.now()],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.dataSource.query(
        'UPDATE outbound_email SET attempts = $2, last_error = $3 WHERE email_id = $1',
        [job.emailId, attempt, reason.slice(0, 1000)],
      );
      this.logger.warn({ emailId: job.emailId, attempt, reason }, 'e-mail not sent; will retry');
      throw error;
    }
  }

  /**
   * The e-mail's row. The job is queued just before the transaction that records it commits, so a
   * fast worker may look a moment too early: it waits briefly before counting a failed attempt.
   */
  private async recorded(emailId: string): Promise<{ status: string } | undefined> {
    for (let look = 0; look < 10; look += 1) {
      const [row] = await this.dataSource.query('SELECT status FROM outbound_email WHERE email_id = $1', [
        emailId,
      ]);
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  }

  async markFailed(emailId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_email SET status = 'FAILED' WHERE email_id = $1 AND status = 'QUEUED'`,
      [emailId],
    );
    this.logger.error({ emailId }, 'e-mail given up after its last retry');
  }
}
