import { createHash } from 'node:crypto';

/** Keys are spread over this many shards; each shard is published by one relay at a time. */
export const OUTBOX_SHARDS = 16;

/** The shard of a key: stable, so every event of one aggregate goes through one relay, in order. */
export function shardOf(key: string, shards = OUTBOX_SHARDS): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) % shards;
}
