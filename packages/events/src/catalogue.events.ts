import { billingEvents, billingInvoiceEvents, billingSubscriptionEvents } from './billing.events.js';
import { EventCatalogue, type EventDefinition } from './define-event.builder.js';
import { identityEvents } from './identity.events.js';
import { messagingEvents } from './messaging.events.js';
import { numbersEvents, numbersPhoneNumberEvents } from './numbers.events.js';

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
