import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/**
 * Saved cards and invoices (customer-area sections 2 Add Card, Credit Card Management and Invoice
 * Management, 3 Saved card and Invoice, 5 Card update and Invoice payment, 7, 8, 9). Every
 * `stripeCustomerId`, card id, invoice id and `appUserId` is checked against the signed-in user:
 * someone else's answers 404.
 */

export const CARD_SAVED_MESSAGE = 'Card saved successfully';
export const CARD_SAVE_FAILED_MESSAGE = 'Something went wrong while processing card details';
export const CARD_UPDATED_MESSAGE = 'Card updated successfully';
export const CARD_DELETED_MESSAGE = 'Card deleted successfully';
export const LAST_CARD_MESSAGE = 'You must keep atleast 1 card for payment';
export const INVOICE_PAID_MESSAGE = 'Thank You for payment. Invoice paid successfully';
export const SELECT_CARD_MESSAGE = 'Please select credit card';
export const NO_CARDS_MESSAGE =
  "You don't have any credit cards added. Please go to Card Management and create a card";
export const CARD_HOLDER_MAX = 30;

/** A saved card: Stripe's card fields as the documented client reads them, masked to the last four. */
export const savedCardSchema = z
  .object({
    id: z.string().describe('The Stripe PaymentMethod id'),
    name: z.string().nullable().describe('Card holder name'),
    last4: z.string(),
    brand: z.string(),
    country: z.string().nullable().describe('ISO 3166 code of the issuing country'),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
    address_zip: z.string().nullable(),
    isDefault: z.boolean().describe('The card renewals are charged to'),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

const customerParams = z.object({ stripeCustomerId: z.string().trim().min(1).max(255) });
const cardParams = customerParams.extend({ cardId: z.string().trim().min(1).max(255) });

export const addCardBody = z
  .object({
    token: z
      .string({ error: CARD_SAVE_FAILED_MESSAGE })
      .trim()
      .min(1, CARD_SAVE_FAILED_MESSAGE)
      .max(255)
      .describe('The card PaymentMethod id the card form created'),
    stripeCustomerId: z
      .string()
      .trim()
      .max(255)
      .default('')
      .describe("The caller's Stripe customer; empty before the first card or payment makes it"),
  })
  .meta({ id: 'AddCardBody' });

/** The Update Card modal (customer-area section 5, Card update); "not before this year" is the server's. */
export const updateCardBody = z
  .object({
    exp_month: z.coerce
      .number({ error: 'Please provide expiry month' })
      .int('Please provide expiry month')
      .min(1, 'Please provide expiry month')
      .max(12, 'Please provide expiry month'),
    exp_year: z.coerce
      .number({ error: 'Please provide expiry year' })
      .int('Please provide expiry year')
      .min(1000, 'Expiry year should be valid')
      .max(9999, 'Expiry year should be valid'),
    name: z
      .string({ error: 'Please provide card holder name' })
      .trim()
      .min(1, 'Please provide card holder name')
      .max(CARD_HOLDER_MAX, `Card holder name must be at most ${CARD_HOLDER_MAX} characters`),
    address_zip: z.string().trim().max(20, 'Zip must be at most 20 characters').nullish(),
  })
  .meta({ id: 'UpdateCardBody' });
export type UpdateCardBody = z.input<typeof updateCardBody>;

export const addCard = endpoint({
  operationId: 'addCard',
  method: 'POST',
  path: '/api/credit-card',
  summary:
    "Saves the card form's card on the caller's Stripe customer (the first card becomes the default; without a customer yet, it is made now)",
  tag: 'credit-card',
  access: 'verified',
  body: addCardBody,
  response: envelope(savedCardSchema),
});

export const listCards = endpoint({
  operationId: 'listCards',
  method: 'GET',
  path: '/api/credit-card/:stripeCustomerId',
  summary: "The caller's saved cards, oldest first",
  tag: 'credit-card',
  access: 'user',
  params: customerParams,
  response: envelope(z.array(savedCardSchema)),
});

export const getCard = endpoint({
  operationId: 'getCard',
  method: 'GET',
  path: '/api/credit-card/getById/:stripeCustomerId/:cardId',
  summary: "One of the caller's saved cards",
  tag: 'credit-card',
  access: 'user',
  params: cardParams,
  response: envelope(savedCardSchema),
});

export const updateCard = endpoint({
  operationId: 'updateCard',
  method: 'PATCH',
  path: '/api/credit-card/:stripeCustomerId/:cardId',
  summary: "Changes expiry, holder name and zip of the caller's card (the year not before this year)",
  tag: 'credit-card',
  access: 'user',
  params: cardParams,
  body: updateCardBody,
  response: envelope(savedCardSchema),
});

export const deleteCard = endpoint({
  operationId: 'deleteCard',
  method: 'DELETE',
  path: '/api/credit-card/:stripeCustomerId/:cardId',
  summary:
    "Removes the caller's card; the last one stays while a subscription renews by itself (409 LAST_CARD)",
  tag: 'credit-card',
  access: 'user',
  params: cardParams,
  response: envelope(z.null()),
});

// ---- invoices -----------------------------------------------------------------------------------

export const invoiceSchema = z
  .object({
    userPaymentInvoiceId: z.uuid(),
    invoiceNo: z.string().describe('INV-000001, sequential and unique'),
    invoiceDate: z.iso.datetime(),
    invoiceAmount: z.number().nonnegative().describe('US dollars'),
    invoiceAmountCents: z.number().int().nonnegative(),
    invoiceDescription: z.string(),
    invoiceStatus: z.enum(['PAID', 'UNPAID']),
    invoicePaymentDate: z.iso.datetime().nullable(),
    invoicePaymentError: z
      .string()
      .nullable()
      .describe('Why the last try to charge it failed (a renewal or a payment), while it is unpaid'),
  })
  .meta({ id: 'Invoice' });
export type InvoiceEntry = z.infer<typeof invoiceSchema>;

export const listInvoices = endpoint({
  operationId: 'listInvoices',
  method: 'GET',
  path: '/api/invoice/:appUserId',
  summary: "The caller's invoices, newest first (another user's id: 404)",
  tag: 'invoice',
  access: 'user',
  params: z.object({ appUserId: z.string().trim().min(1).max(64) }),
  response: envelope(z.array(invoiceSchema)),
});

export const payInvoiceBody = z
  .object({
    stripeCardId: z.string({ error: SELECT_CARD_MESSAGE }).trim().min(1, SELECT_CARD_MESSAGE).max(255),
    invoiceId: z.uuid({ error: 'No such invoice of yours' }),
  })
  .meta({ id: 'PayInvoiceBody' });

export const payInvoice = endpoint({
  operationId: 'payInvoice',
  method: 'POST',
  path: '/api/invoice',
  summary:
    "Pays the caller's invoice with a saved card, off-session and once however often it is asked; answers the refreshed list",
  tag: 'invoice',
  access: 'user',
  body: payInvoiceBody,
  response: envelope(z.array(invoiceSchema)),
});

// ---- usage --------------------------------------------------------------------------------------

/** Texts received this period by one of the caller's MFAs, against its plan's allowance. */
export const mfaUsageSchema = z
  .object({
    mfaId: z.uuid(),
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime().describe('The next payment date'),
    textsUsed: z.number().int().nonnegative(),
    textsAllowed: z.number().int().nonnegative().describe("The plan's texts per month"),
    extraTextPrice: z.number().nonnegative().describe('US dollars per text over the allowance'),
  })
  .meta({ id: 'MfaUsage' });
export type MfaUsage = z.infer<typeof mfaUsageSchema>;

export const getMfaUsage = endpoint({
  operationId: 'getMfaUsage',
  method: 'GET',
  path: '/api/usage/:mfaId',
  summary:
    "Texts used this period by the caller's MultiMFA or RoboMFA, of its plan's allowance (another customer's: 404)",
  tag: 'invoice',
  access: 'user',
  params: z.object({ mfaId: z.uuid({ error: 'No such MFA of yours' }) }),
  response: envelope(mfaUsageSchema),
});

export const cardsEndpoints = [addCard, listCards, getCard, updateCard, deleteCard] as const;
export const invoicesEndpoints = [listInvoices, payInvoice, getMfaUsage] as const;
