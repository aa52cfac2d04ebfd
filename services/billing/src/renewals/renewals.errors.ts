/**
 * The bank asks for the cardholder's authentication, which an off-session charge (a renewal, or an
 * invoice paid from its modal) cannot give: the invoice stays unpaid with this message.
 */
export const INVOICE_AUTHENTICATION_MESSAGE =
  'Your bank asks to authenticate this payment, which is not possible here. The invoice is still unpaid: please pay it with another card.';

/**
 * The owner was deactivated (or deleted): billing charges no card of theirs by itself, so the invoice
 * is issued unpaid and stays payable from Invoice Management.
 */
export const OWNER_INACTIVE_MESSAGE =
  'Not charged automatically: the account was deactivated. The invoice is unpaid: it can be paid with a saved card.';

/** No saved card to charge: the invoice stays unpaid. */
export const NO_CARD_MESSAGE = 'No saved card to charge';
