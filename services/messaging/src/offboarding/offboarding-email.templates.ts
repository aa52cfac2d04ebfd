import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';
import { OFFBOARDING_LOOKBACK_DAYS, type ServiceReceived } from './offboarding-reports.repository.js';

export interface OffboardingReportContent {
  ownerFirstName: string;
  mfaName: string;
  firstName: string;
  lastName: string;
  services: ServiceReceived[];
}

const day = (at: Date) => at.toISOString().slice(0, 10);

export const offboardingReportSubject = (content: { firstName: string; lastName: string; mfaName: string }) =>
  `Offboarding ${`${content.firstName} ${content.lastName}`.trim()} from ${content.mfaName}: accounts to review`.slice(
    0,
    200,
  );

/**
 * Tells the MultiMFA's owner which services' codes a removed member received in their last 90 days
 * (the accounts whose passwords to rotate), with the last date each; never a code or a text.
 */
export function renderOffboardingReport(content: OffboardingReportContent, webUrl: string): RenderedEmail {
  const member = `${content.firstName} ${content.lastName}`.trim() || 'A member';
  const paragraphs = content.services.length
    ? [
        `${member} was removed from your MultiMFA ${content.mfaName}. In the last ${OFFBOARDING_LOOKBACK_DAYS} days they received codes for these services, so they may know or be able to reset these accounts:`,
        ...content.services.map((s) => `• ${s.service}: last code on ${day(s.lastReceivedAt)}`),
        'Rotate the passwords of these accounts (and review their recovery settings) now that they have left.',
      ]
    : [
        `${member} was removed from your MultiMFA ${content.mfaName}. In the last ${OFFBOARDING_LOOKBACK_DAYS} days they received no code of a service we recognised, so there is no account to rotate for them.`,
      ];
  const layout: Layout = {
    preheader: content.services.length
      ? `${content.services.length} account(s) to rotate after ${member} left ${content.mfaName}`
      : `${member} left ${content.mfaName}`,
    heading: 'Offboarding report',
    paragraphs: [`Hi ${content.ownerFirstName || 'there'},`, ...paragraphs],
    action: { label: 'Open MultiMFA', url: `${webUrl.replace(/\/$/, '')}/dashboard` },
    footnote: 'You receive this e-mail because you own this MultiMFA. The page of the MultiMFA lists it too.',
  };
  return renderLayout(offboardingReportSubject(content), layout);
}
