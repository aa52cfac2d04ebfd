import { EventCatalogue, type EventDefinition } from './define-event.js';

/**
 * Every event MultiMFA publishes. Each feature adds its events here (in its own file beside this
 * one) when it starts publishing them; `published-schemas.json` records what was published.
 */
export const publishedEvents: readonly EventDefinition[] = [];

export const catalogue = new EventCatalogue(publishedEvents);
