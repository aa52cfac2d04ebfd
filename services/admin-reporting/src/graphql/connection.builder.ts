import { GRAPHQL_MAX_FIRST } from '@multimfa/api-contract';
import { type RangeQuery, rangeQuery } from '@multimfa/service-contracts/admin-reporting';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { KeysetPage } from '../reports/reports.service.js';
import type { CursorCodec } from './cursor.codec.js';

const count = z
  .number()
  .int()
  .min(1, { error: `first is 1 to ${GRAPHQL_MAX_FIRST}` })
  .max(GRAPHQL_MAX_FIRST, { error: `first is 1 to ${GRAPHQL_MAX_FIRST}` });

/** A refusal of the caller's arguments (GraphQL's BAD_USER_INPUT). */
export const badInput = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** `first` within its bounds and `after` as a position of this list, or BAD_USER_INPUT. */
export function pageInput<P>(
  args: { first: number; after?: string | null },
  cursor: CursorCodec<P>,
): { first: number; after: P | null } {
  const first = count.safeParse(args.first);
  if (!first.success) throw badInput(first.error.issues[0]?.message ?? 'first is invalid');
  const after = args.after ? cursor.decode(args.after) : null;
  if (args.after && !after) throw badInput('after is not a cursor of this list');
  return { first: first.data, after };
}

/** `from` and `to` as the REST calls take them, or BAD_USER_INPUT with the same message. */
export function rangeInput(args: { from?: string | null; to?: string | null }): RangeQuery {
  const range = rangeQuery.safeParse({ from: args.from ?? undefined, to: args.to ?? undefined });
  if (!range.success) throw badInput(range.error.issues[0]?.message ?? 'from or to is invalid');
  return range.data;
}

export interface ConnectionOf<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A keyset page as a Relay connection, each entry with its cursor. */
export function connectionOf<T, P>(page: KeysetPage<T, P>, cursor: CursorCodec<P>): ConnectionOf<T> {
  const edges = page.entries.map(({ node, position }) => ({ cursor: cursor.encode(position), node }));
  return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
}
