/**
 * Stripe's test cards that the sandbox honours (https://docs.stripe.com/testing). Any other number
 * that passes the Luhn check is a card that works.
 */

export interface Decline {
  kind: 'decline';
  code: string;
  declineCode: string;
  message: string;
  param?: string;
  /** Stripe checks a card when it is attached to a customer: these fail there already. */
  failsOnAttach: boolean;
}

export type CardBehaviour =
  | { kind: 'succeed' }
  | Decline
  /** 3-D Secure: on-session payments need the cardholder's approval; off-session ones are declined. */
  | { kind: 'authenticate' };

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface TestCard {
  number: string;
  brand: CardBrand;
  description: string;
  behaviour: CardBehaviour;
  /** Stripe's `pm_card_…` test PaymentMethod that stands for this card, if any. */
  token?: string;
}

const decline = (
  code: string,
  declineCode: string,
  message: string,
  options: { param?: string; failsOnAttach?: boolean } = {},
): Decline => ({
  kind: 'decline',
  code,
  declineCode,
  message,
  failsOnAttach: options.failsOnAttach ?? true,
  ...options,
});

export const GENERIC_DECLINE_MESSAGE = 'Your card was declined.';

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    description: 'Succeeds',
    behaviour: { kind: 'succeed' },
    token: 'pm_card_visa',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    description: 'Succeeds',
    behaviour: { kind: 'succeed' },
    token: 'pm_card_mastercard',
  },
  {
    number: '378282246310005',
    brand: 'amex',
    description: 'Succeeds',
    behaviour: { kind: 'succeed' },
    token: 'pm_card_amex',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    description: 'Declined (card_declined / generic_decline), also when attached',
    behaviour: decline('card_declined', 'generic_decline', GENERIC_DECLINE_MESSAGE),
    token: 'pm_card_chargeDeclined',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    description: 'Declined (card_declined / insufficient_funds)',
    behaviour: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
    token: 'pm_card_chargeDeclinedInsufficientFunds',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    description: 'Declined (expired_card)',
    behaviour: decline('expired_card', 'expired_card', 'Your card has expired.', { param: 'exp_month' }),
    token: 'pm_card_chargeDeclinedExpiredCard',
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    description: 'Declined (incorrect_cvc)',
    behaviour: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect.", {
      param: 'cvc',
    }),
    token: 'pm_card_chargeDeclinedIncorrectCvc',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    description: 'Attaches to a customer, then every charge is declined (generic_decline)',
    behaviour: decline('card_declined', 'generic_decline', GENERIC_DECLINE_MESSAGE, { failsOnAttach: false }),
    token: 'pm_card_chargeCustomerFail',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    description:
      '3-D Secure on-session (approve or refuse on the sandbox page); off-session: authentication_required',
    behaviour: { kind: 'authenticate' },
    token: 'pm_card_authenticationRequiredOnSetup',
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    description: '3-D Secure always (same as above in the sandbox)',
    behaviour: { kind: 'authenticate' },
    token: 'pm_card_authenticationRequired',
  },
];

export const AUTHENTICATION_REQUIRED: Decline = decline(
  'authentication_required',
  'authentication_required',
  'Your card was declined. This transaction requires authentication.',
  { failsOnAttach: false },
);

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS.find((card) => card.number === number)?.behaviour ?? { kind: 'succeed' };
}

export function testCardForToken(token: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.token === token);
}
