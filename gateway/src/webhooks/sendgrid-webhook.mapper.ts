import type { DeliveryReportRequest } from '@multimfa/service-contracts/messaging';

/**
 * SendGrid's batch of events, each as the report of the e-mail it names (our `emailId` custom argument):
 * an event without a string `emailId` and `event` is no report, and a body that is not a JSON array no
 * events at all.
 */
export function sendGridReportsOf(body: Buffer): DeliveryReportRequest['reports'] {
  let events: unknown;
  try {
    events = JSON.parse(body.toString('utf8'));
  } catch {
    return [];
  }
  return (Array.isArray(events) ? events : [])
    .filter(
      (event): event is { emailId: string; event: string } =>
        typeof event?.emailId === 'string' && typeof event?.event === 'string',
    )
    .map((event) => ({ provider: 'sendgrid', forwardId: event.emailId, event: event.event }));
}
