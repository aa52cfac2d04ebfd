import type { OffboardingReport } from '@multimfa/api-contract';
import type { memberRemoved, PayloadOf } from '@multimfa/events';
import { NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { OwnerNoticeEmails } from '../owner-notices/owner-notice-emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { offboardingReportSubject, renderOffboardingReport } from './offboarding-email.templates.js';
import { OffboardingReportsRepository } from './offboarding-reports.repository.js';

/** Reports the page lists. */
const RECENT_REPORTS = 20;

/**
 * Offboarding reports: when numbers removes a member, the MultiMFA's owner is told (by e-mail, and on
 * the MultiMFA's page) which services' codes that member received in their last 90 days, with the
 * last date each. Built from messaging's forwards and the extraction's service names.
 */
@Injectable()
export class OffboardingService implements EmailComposer<'OFFBOARDING_REPORT'>, OnModuleInit {
  constructor(
    @Inject(OffboardingReportsRepository) private readonly reports: OffboardingReportsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(OwnerNoticeEmails) private readonly notices: OwnerNoticeEmails,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
  ) {}

  onModuleInit(): void {
    this.composers.register(['OFFBOARDING_REPORT'], this);
  }

  /**
   * Records the report of a removal (its id is the event's, so a redelivered removal records nothing
   * more) and its e-mail to the owner; returns the enqueueing to run after the commit. An owner
   * messaging has no address for gets the report on the page only (logged).
   */
  async recordRemoval(
    manager: EntityManager,
    reportId: string,
    removal: PayloadOf<typeof memberRemoved>,
  ): Promise<(() => Promise<void>) | undefined> {
    const removedAt = new Date(removal.removedAt);
    const name =
      removal.firstName !== undefined
        ? { firstName: removal.firstName, lastName: removal.lastName ?? '' }
        : ((await this.reports.memberName(manager, removal.memberId)) ?? { firstName: '', lastName: '' });
    const mfa = await this.directory.mfa(manager, removal.mfaId);
    const report = {
      reportId,
      mfaId: removal.mfaId,
      userId: removal.userId,
      memberId: removal.memberId,
      mfaName: mfa?.name ?? 'MultiMFA',
      ...name,
      removedAt,
      services: await this.reports.servicesReceived(manager, removal.memberId, removedAt),
    };
    if (!(await this.reports.insert(manager, report))) return undefined;
    return this.notices.record(
      manager,
      {
        emailId: reportId,
        userId: removal.userId,
        kind: 'OFFBOARDING_REPORT',
        subject: offboardingReportSubject(report),
      },
      { memberId: removal.memberId },
    );
  }

  /** The owner's MultiMFA's latest reports, newest first; another's MFA (or a RoboMFA) answers 404. */
  async recent(userId: string, mfaId: string): Promise<OffboardingReport[]> {
    const mfa = await this.directory.mfa(this.reports.manager, mfaId);
    if (!mfa || mfa.userId !== userId || mfa.mfaType !== 'MultiMFA')
      throw new NotFoundError('MultiMFA not found');
    return (await this.reports.recent(mfaId, RECENT_REPORTS)).map((report) => ({
      reportId: report.reportId,
      memberId: report.memberId,
      firstName: report.firstName,
      lastName: report.lastName,
      removedAt: report.removedAt.toISOString(),
      services: report.services.map((s) => ({
        service: s.service,
        lastReceivedAt: s.lastReceivedAt.toISOString(),
      })),
    }));
  }

  async compose(email: EmailOfKind<'OFFBOARDING_REPORT'>): Promise<OutgoingEmail> {
    const report = await this.reports.find(email.emailId);
    if (!report) throw new Error(`offboarding report ${email.emailId} is not recorded`);
    return this.notices.addressed(
      email,
      renderOffboardingReport({ ...report, ownerFirstName: email.firstName }, this.notices.webUrl),
    );
  }
}
