import { GRAPHQL_MAX_FIRST } from '@multimfa/api-contract';
import type { Type } from '@nestjs/common';
import { ArgsType, type ComplexityEstimator, Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

/** A Relay connection of `node`s: the types `<name>Edge` and (for the subclass) `<name>Connection`. */
export function Connection<T>(node: Type<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String, { description: 'Opaque: pass it as `after` to read on from this entry' })
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionType {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionType;
}

/** What a connection costs: itself, and its selection once per entry it may hold (`first`). */
export const connectionCost: ComplexityEstimator = ({ args, childComplexity }) =>
  1 + Number(args.first ?? 0) * childComplexity;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 25, description: `How many entries, 1 to ${GRAPHQL_MAX_FIRST}` })
  first!: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;
}

/** The page of a connection inside another one's entries (smaller by default: its cost multiplies). */
@ArgsType()
export class NestedPageArgs {
  @Field(() => Int, { defaultValue: 10, description: `How many entries, 1 to ${GRAPHQL_MAX_FIRST}` })
  first!: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;
}

/** A page of a report filtered by From and To, as on its admin page. */
@ArgsType()
export class RangePageArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'A date (whole day) or an ISO date-time' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'A date (whole day, included) or an ISO date-time' })
  to?: string | null;
}
