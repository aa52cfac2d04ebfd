/**
 * The bank asks for the cardholder's authentication, which an off-session charge (a renewal, or an
 * invoice paid from its modal) cannot give: the invoice stays unpaid with this message.
 */
export const INVOICE_AUTHENTICATION_MESSAGE =
  'Your bank asks to authenticate this payment, which is not possible here. The invoice is still unpaid: please pay it with another card.';
