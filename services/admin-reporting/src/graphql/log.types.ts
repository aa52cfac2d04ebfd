import { ArgsType, Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A member a message was forwarded to' })
export class LogMember {
  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;
}

@ObjectType({ description: 'One entry of the message log (the Logs page row)' })
export class LogEntry {
  @Field(() => ID)
  multiMFALogId!: string;

  @Field(() => String)
  logType!: string;

  @Field(() => String)
  mobileNo!: string;

  @Field(() => String)
  message!: string;

  @Field(() => [LogMember])
  members!: LogMember[];

  @Field(() => String, { description: 'ISO date-time' })
  createdAt!: string;
}

@ObjectType()
export class LogEdge {
  @Field(() => String, { description: 'Opaque: pass it as `after` to read on from this entry' })
  cursor!: string;

  @Field(() => LogEntry)
  node!: LogEntry;
}

@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType({ description: 'A page of the message log, newest first' })
export class LogConnection {
  @Field(() => [LogEdge])
  edges!: LogEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@ArgsType()
export class LogsArgs {
  @Field(() => Int, { defaultValue: 25, description: 'How many entries, 1 to 100' })
  first!: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;

  @Field(() => String, { nullable: true, description: 'Log type, as on the Logs page' })
  log?: string | null;

  @Field(() => String, { nullable: true })
  mobileNo?: string | null;

  @Field(() => String, { nullable: true, description: 'A date (whole day) or an ISO date-time' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'A date (whole day, included) or an ISO date-time' })
  to?: string | null;
}
