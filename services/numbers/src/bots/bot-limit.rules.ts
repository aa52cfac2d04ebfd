/** A RoboMFA may hold as many bots as its plan's `noOfUsers`. */
export function canAddBot(currentBots: number, planLimit: number): boolean {
  return currentBots < planLimit;
}
