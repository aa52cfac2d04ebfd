import type { PaymentInfo, Session } from './session.schema';

/**
 * The signed-out session, without zod: every page's first load needs it, and the schema (which loads
 * after the first paint, see session-store) gives the same defaults (session-defaults.spec).
 */

export const emptyPaymentInfo: PaymentInfo = {
  actualAmount: 0,
  payableAmount: 0,
  discountedAmount: 0,
  discountCode: null,
  discountId: null,
};

export function defaultSession(): Session {
  return {
    emailAddress: '',
    fullName: '',
    userType: '',
    firstName: '',
    lastName: '',
    mobileNo: '',
    appUserId: '',
    stripeCustomerId: '',
    isLoggedIn: false,
    isVerified: false,
    upgrade: '',
    buffer: null,
    plan: null,
    MFAs: [],
    paymentInfo: { ...emptyPaymentInfo },
    autoRenewal: true,
  };
}
