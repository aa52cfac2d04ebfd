import { type ForwardMedium, seatsOf } from '@multimfa/api-contract';

/** Seats the members take (BOTH counts 2). */
export function seatsTaken(members: ReadonlyArray<{ forwardMedium: ForwardMedium }>): number {
  return members.reduce((sum, member) => sum + seatsOf(member.forwardMedium), 0);
}

/** Customer-area section 5 Capacity: current seats, or seats after adding, exceed the plan. */
export function exceedsPlan(
  members: ReadonlyArray<{ forwardMedium: ForwardMedium }>,
  adding: ForwardMedium,
  noOfUsers: number,
): boolean {
  const taken = seatsTaken(members);
  return taken > noOfUsers || taken + seatsOf(adding) > noOfUsers;
}
