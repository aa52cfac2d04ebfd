import { ArgsType, Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection, RangePageArgs } from './connection.types.js';

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

@ObjectType({ description: 'A page of the message log, newest first' })
export class LogConnection extends Connection(LogEntry, 'Log') {}

@ArgsType()
export class LogsArgs extends RangePageArgs {
  @Field(() => String, { nullable: true, description: 'Log type, as on the Logs page' })
  log?: string | null;

  @Field(() => String, { nullable: true })
  mobileNo?: string | null;
}
