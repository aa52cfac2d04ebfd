import { billingEvents, billingInvoiceEvents, billingSubscriptionEvents } from './billing.js';
import { EventCatalogue, type EventDefinition } from './define-event.js';
import { identityEvents } from './identity.js';
import { messagingEvents } from './messaging.js';
import { numbersEvents, numbersPhoneNumberEvents } from './numbers.js';

/**
 * Every event MultiMFA publishes. Each service's events are defined in its own file beside this
 * one; `published-schemas.json` records what was published (`npm run events:publish`).
 */
export const publishedEvents: readonly EventDefinition[] = [
  ...identityEvents,
  ...billingEvents,
  ...billingInvoiceEvents,
  ...billingSubscriptionEvents,
  ...numbersEvents,
  ...messagingEvents,
  ...numbersPhoneNumberEvents,
];

export const catalogue = new EventCatalogue(publishedEvents);
