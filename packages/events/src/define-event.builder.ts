import type { z } from 'zod';
import type { TopicSpec } from './topics.config.js';

/** One event type at one version: its topic and the schema of its payload. */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  topic: TopicSpec;
  payload: S;
  /** The aggregate id the event is keyed by, taken from the payload. */
  keyOf(payload: z.output<S>): string;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  definition: EventDefinition<T, S>,
): EventDefinition<T, S> {
  return definition;
}

export type PayloadOf<D> = D extends EventDefinition<string, infer S> ? z.output<S> : never;

/** Finds the definition of an incoming event by its type and version. */
export class EventCatalogue {
  private readonly byTypeAndVersion = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      const id = `${definition.type}@${definition.version}`;
      if (this.byTypeAndVersion.has(id)) throw new Error(`event ${id} is defined twice`);
      this.byTypeAndVersion.set(id, definition);
    }
  }

  find(type: string, version: number): EventDefinition | undefined {
    return this.byTypeAndVersion.get(`${type}@${version}`);
  }

  all(): EventDefinition[] {
    return [...this.byTypeAndVersion.values()];
  }
}
