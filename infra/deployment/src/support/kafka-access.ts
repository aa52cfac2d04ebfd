// What each service does on Kafka, read from its code: the topics its outbox publishes to, the topics
// its event handlers consume (each in its own consumer group), whether it reads topics with
// readTopic (admin-reporting's rebuild). The Kafka users of the prod overlay are checked against it.
import { pathToFileURL } from 'node:url';
import { consumerGroupId, handledEvents, TOPIC_READER_GROUP_PREFIX } from '@multimfa/event-bus';
import * as events from '@multimfa/events';
import { type EventDefinition, TOPICS, topicList } from '@multimfa/events';
import { type Deployable, services } from './deployables.js';
import { filesUnder, readRepoFile, repoPath } from './repo.js';

const isEventDefinition = (value: unknown): value is EventDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EventDefinition).type === 'string' &&
  typeof (value as EventDefinition).version === 'number' &&
  typeof (value as EventDefinition).topic?.name === 'string';

/** The event definitions @multimfa/events exports, by the name services import them under. */
const definitions = new Map(
  Object.entries(events as Record<string, unknown>).filter((entry): entry is [string, EventDefinition] =>
    isEventDefinition(entry[1]),
  ),
);

/** A service's own code: its TypeScript sources without tests and test helpers. */
const sourcesOf = (service: Deployable): string[] =>
  filesUnder(`${service.dir}/src`).filter(
    (path) =>
      path.endsWith('.ts') && !/\.(spec|int-spec|fault-spec)\.ts$/.test(path) && !/\/testing\//.test(path),
  );

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The events a service writes to its outbox (which its relay publishes): the definition passed to
 * `outbox.publish(manager, definition, …)`, `outbox.publishAll(manager, definition, …)` and
 * `outboxEvent(definition, …)` (what `publishEach` takes). A call whose definition is not one
 * @multimfa/events exports by that name fails, rather than being missed.
 *
 * Read from the sources because a publish is a call inside a method body: unlike a handler's
 * `@EventPattern`, nothing records it before it runs. Only the definition's name is taken from the
 * text; its type, version and topic are those of the object @multimfa/events exports by that name.
 * An `Outbox` held under another name than `outbox` fails too, since its calls would go unseen.
 */
export function publishedEvents(service: Deployable): EventDefinition[] {
  const found: EventDefinition[] = [];
  for (const path of sourcesOf(service)) {
    const text = readRepoFile(path);
    for (const held of text.matchAll(
      /\b(?:private|protected|public|readonly|const|let)\s+(?:readonly\s+)?(\w+)\s*:\s*Outbox\b/g,
    )) {
      if (held[1] !== 'outbox') {
        throw new Error(
          `${path}:${lineOf(text, held.index ?? 0)}: name the Outbox "outbox" (not "${held[1]}"), so support/kafka-access.ts sees what it publishes`,
        );
      }
    }
    const calls = [
      ...text.matchAll(/\boutbox\.publish(?:All)?\(\s*[\w.]+\s*,\s*([\w.]+)/g),
      ...text.matchAll(/\boutboxEvent\(\s*([\w.]+)/g),
    ];
    for (const call of calls) {
      const definition = definitions.get(call[1] ?? '');
      if (!definition) {
        throw new Error(
          `${path}:${lineOf(text, call.index ?? 0)}: cannot tell which event "${call[0]}" publishes: pass a definition @multimfa/events exports (or teach support/kafka-access.ts)`,
        );
      }
      found.push(definition);
    }
  }
  return found;
}

/**
 * The events a service's `@EventPattern` handlers take, as the event bus subscribes them: the
 * compiled classes of every source file that declares a handler, read through their metadata.
 */
export async function consumedEvents(service: Deployable): Promise<EventDefinition[]> {
  const found: EventDefinition[] = [];
  for (const path of sourcesOf(service)) {
    if (!readRepoFile(path).includes('@EventPattern(')) continue;
    const compiled = repoPath(
      service.dir,
      'dist',
      `${path.slice(`${service.dir}/src/`.length, -'.ts'.length)}.js`,
    );
    const module = (await import(pathToFileURL(compiled).href)) as Record<string, unknown>;
    const classes = Object.values(module).filter((value) => typeof value === 'function');
    const handled = classes.flatMap((value) => handledEvents(value as abstract new () => unknown));
    if (!handled.length)
      throw new Error(`${path} declares @EventPattern handlers but no exported class has them`);
    found.push(...handled);
  }
  return found;
}

/** One ACL of a Strimzi KafkaUser, as the checks compare them. */
export interface Acl {
  type: 'topic' | 'group' | 'cluster' | 'transactionalId';
  name: string;
  patternType: 'literal' | 'prefix';
  operations: string[];
}

/** ACLs merged by resource, operations sorted, resources in order: two lists compare with deepEqual. */
export function normalizeAcls(acls: Acl[]): Acl[] {
  const byResource = new Map<string, Acl>();
  for (const acl of acls) {
    const key = `${acl.type}:${acl.patternType}:${acl.name}`;
    const merged = byResource.get(key) ?? { ...acl, operations: [] };
    merged.operations = [...new Set([...merged.operations, ...acl.operations])].sort();
    byResource.set(key, merged);
  }
  return [...byResource.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, acl]) => acl);
}

const topic = (name: string, operations: string[]): Acl => ({
  type: 'topic',
  name,
  patternType: 'literal',
  operations,
});
const unique = (names: string[]) => [...new Set(names)].sort();

/** What one service does on Kafka, from its code. */
export interface KafkaUse {
  service: string;
  publishes: string[];
  consumes: string[];
  /** It reads whole topics with readTopic (a consumer group of its own per read). */
  readsTopics: boolean;
}

export async function kafkaUseOf(service: Deployable): Promise<KafkaUse> {
  return {
    service: service.name,
    publishes: unique(publishedEvents(service).map((definition) => definition.topic.name)),
    consumes: unique((await consumedEvents(service)).map((definition) => definition.topic.name)),
    readsTopics: sourcesOf(service).some((path) => /\breadTopic\(/.test(readRepoFile(path))),
  };
}

/** Every service's use of Kafka, from its code. */
export const kafkaUses = async (): Promise<KafkaUse[]> => Promise.all(services.map(kafkaUseOf));

const DEAD_LETTER = TOPICS.deadLetter.name;

/**
 * The least a service's Kafka user needs (production has no topic prefix): Write on the topics its
 * outbox publishes to; Read on the topics it consumes and on its consumer group of each; Write on
 * the dead-letter topic when it consumes (its consumers send poison there); and when it reads whole
 * topics (admin-reporting's rebuild), Read on the groups readTopic makes.
 */
export function serviceAcls(use: KafkaUse): Acl[] {
  return normalizeAcls([
    ...use.publishes.map((name) => topic(name, ['Describe', 'Write'])),
    ...use.consumes.flatMap((name) => [
      topic(name, ['Describe', 'Read']),
      {
        type: 'group' as const,
        name: consumerGroupId('', use.service, name),
        patternType: 'literal' as const,
        operations: ['Read'],
      },
    ]),
    ...(use.consumes.length ? [topic(DEAD_LETTER, ['Describe', 'Write'])] : []),
    ...(use.readsTopics
      ? [
          {
            type: 'group' as const,
            name: TOPIC_READER_GROUP_PREFIX,
            patternType: 'prefix' as const,
            operations: ['Read'],
          },
        ]
      : []),
  ]);
}

/** The topic Job (create-topics.sh): creates every topic of the list and sets its retention. */
export const topicJobAcls = (): Acl[] =>
  normalizeAcls(
    topicList().map(({ name }) => topic(name, ['AlterConfigs', 'Create', 'Describe', 'DescribeConfigs'])),
  );

/**
 * The dead-letter CLI (`npm run dead-letters`): reads the dead-letter topic with readTopic and sends
 * a letter back to the topic it came from, one some service consumes.
 */
export const deadLetterToolAcls = (uses: KafkaUse[]): Acl[] =>
  normalizeAcls([
    topic(DEAD_LETTER, ['Describe', 'Read']),
    { type: 'group', name: TOPIC_READER_GROUP_PREFIX, patternType: 'prefix', operations: ['Read'] },
    ...unique(uses.flatMap((use) => use.consumes)).map((name) => topic(name, ['Describe', 'Write'])),
  ]);
