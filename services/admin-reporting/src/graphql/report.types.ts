import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Connection } from './connection.types.js';

/** The admin reports as GraphQL types: the same fields as the REST answers (`@multimfa/api-contract`). */

@ObjectType({ description: 'A count in the last 24 hours, 7, 30 and 365 days' })
export class Periods {
  @Field(() => Int)
  daily!: number;

  @Field(() => Int)
  weekly!: number;

  @Field(() => Int)
  monthly!: number;

  @Field(() => Int)
  yearly!: number;
}

@ObjectType()
export class MessagesSent {
  @Field(() => Periods)
  sms!: Periods;

  @Field(() => Periods)
  email!: Periods;
}

@ObjectType()
export class DayCount {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  date!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class DayTexts {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  date!: string;

  @Field(() => Int, { description: 'Texts that reached our numbers' })
  received!: number;

  @Field(() => Int)
  sms!: number;

  @Field(() => Int)
  email!: number;
}

@ObjectType({ description: 'The admin dashboard figures, as GET /dashboard-stats' })
export class DashboardStats {
  @Field(() => Int, { description: 'Texts sent by forwarding, all time' })
  sms!: number;

  @Field(() => Int, { description: 'E-mails sent by forwarding, all time' })
  email!: number;

  @Field(() => Int)
  roboMFAs!: number;

  @Field(() => Int)
  inactiveRoboMFAs!: number;

  @Field(() => Int, { description: 'Numbers of the pool held by an MFA' })
  occupiedTwilios!: number;

  @Field(() => Int)
  multiMFAs!: number;

  @Field(() => Int)
  inactiveMultiMFAs!: number;

  @Field(() => Periods, { description: 'Customers signed up in the last 24 hours, 7, 30 and 365 days' })
  users!: Periods;

  @Field(() => MessagesSent, { description: 'Texts and e-mails sent by forwarding per period' })
  messagesSent!: MessagesSent;

  @Field(() => [DayCount], { description: 'Customer sign-ups per day, the last 30 days, oldest first' })
  signUpsPerDay!: DayCount[];

  @Field(() => [DayTexts], { description: 'Texts received and sent per day, the last 30 days, oldest first' })
  textsPerDay!: DayTexts[];
}

@ObjectType()
export class Plan {
  @Field(() => String)
  planName!: string;

  @Field(() => Int)
  planId!: number;
}

@ObjectType({ description: "An MFA's owner" })
export class MfaOwner {
  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  emailAddress!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;
}

@ObjectType({ description: 'The MultiMFA a member belongs to' })
export class MemberMultiMfa {
  @Field(() => ID)
  multiMFAId!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType({ description: 'A member of a MultiMFA (a row of the members report)' })
export class Member {
  @Field(() => ID)
  memberId!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String, { description: 'EMAIL, MOBILE_NUMBER or BOTH' })
  forwardMedium!: string;

  @Field(() => String)
  mobileNo!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { description: 'AWAITING_INVITE, INVITE_SENT or VERIFIED' })
  status!: string;

  @Field(() => MemberMultiMfa)
  multiMFA!: MemberMultiMfa;

  @Field(() => String, { description: 'ISO date-time' })
  createdAt!: string;
}

@ObjectType({ description: 'Members, newest first' })
export class MemberConnection extends Connection(Member, 'Member') {}

/** What the MultiMFAs and RoboMFAs lists show of every MFA. */
@ObjectType({ isAbstract: true })
abstract class MfaRow {
  @Field(() => String)
  name!: string;

  @Field(() => Boolean, { description: 'The MFA is active and its subscription too' })
  isActive!: boolean;

  @Field(() => Plan)
  plans!: Plan;

  @Field(() => MfaOwner, { nullable: true, description: 'Null until identity has told who the owner is' })
  owner!: MfaOwner | null;

  @Field(() => String, { description: 'ISO date-time' })
  createdAt!: string;
}

@ObjectType({ description: 'A MultiMFA (a row of the MultiMFAs list), with its members' })
export class MultiMfa extends MfaRow {
  @Field(() => ID)
  multiMFAId!: string;

  @Field(() => String, { nullable: true, description: 'E.164; null while it waits for a number' })
  twillioNo!: string | null;

  @Field(() => Int, { description: 'How many members it has (`members` of GET /multimfas)' })
  memberCount!: number;
}

@ObjectType({ description: 'MultiMFAs, newest first' })
export class MultiMfaConnection extends Connection(MultiMfa, 'MultiMfa') {}

@ObjectType({ description: 'A RoboMFA (a row of the RoboMFAs list)' })
export class RoboMfa extends MfaRow {
  @Field(() => ID)
  roboMFAId!: string;

  @Field(() => String, { nullable: true, description: 'E.164; null while it waits for a number' })
  twilioNo!: string | null;

  @Field(() => Int, { description: 'How many bots it has' })
  bots!: number;
}

@ObjectType({ description: 'RoboMFAs, newest first' })
export class RoboMfaConnection extends Connection(RoboMfa, 'RoboMfa') {}

@ObjectType({ description: 'A MultiMFA of a customer with its forwards sent and failed in the window' })
export class AdvancedLogMultiMfa {
  @Field(() => ID)
  multiMFAId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  successMessageCount!: number;

  @Field(() => Int)
  failureMessageCount!: number;
}

@ObjectType({ description: 'A customer of Advanced logs, with their MultiMFAs' })
export class AdvancedLog {
  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [AdvancedLogMultiMfa])
  multiMFAs!: AdvancedLogMultiMfa[];
}

@ObjectType({ description: 'Advanced logs, one entry per customer, by e-mail' })
export class AdvancedLogConnection extends Connection(AdvancedLog, 'AdvancedLog') {}
