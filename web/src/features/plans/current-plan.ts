import type { MfaType, Session } from '../../session/session.schema';

/**
 * The plan whose card shows "Current Plan": the plan of the MultiMFA being upgraded (the session's
 * `upgrade`, customer-area section 4). Only a MultiMFA is upgraded, so a RoboMFA page has none.
 */
export function currentPlanId(session: Session, kind: MfaType): string | undefined {
  if (kind !== 'MultiMFA' || !session.upgrade) return undefined;
  const upgraded = session.MFAs.find(
    (mfa) => mfa.multiMFAId !== undefined && String(mfa.multiMFAId) === session.upgrade,
  );
  const planId = upgraded?.plans?.planId;
  return planId === undefined ? undefined : String(planId);
}
