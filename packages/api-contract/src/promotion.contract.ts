import { z } from 'zod';
import { codeField, emailAddressField } from './auth.contract.js';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

// ---- the waitlist (/promotion): an e-mail, then the 6-digit code e-mailed to it ---------------------

export const WAITLIST_THANK_YOU = "Thank you for your interest! We'll get back to you";

export const joinWaitlistBody = z.object({ email: emailAddressField }).meta({ id: 'JoinWaitlistRequest' });
export type JoinWaitlistBody = z.output<typeof joinWaitlistBody>;

export const verifyWaitlistBody = z
  .object({ email: emailAddressField, token: codeField })
  .meta({ id: 'VerifyWaitlistRequest' });
export type VerifyWaitlistBody = z.output<typeof verifyWaitlistBody>;

export const joinWaitlist = endpoint({
  operationId: 'joinWaitlist',
  method: 'POST',
  path: '/api/promotion',
  summary:
    'Starts the waitlist: e-mails a 6-digit code to the address (the same answer whether or not it is already on the list; rate limited per client network and per address)',
  tag: 'promotion',
  access: 'public',
  body: joinWaitlistBody,
  response: envelope(z.null()),
  otherAnswers: { '429': 'Too many codes requested for the address or from the network' },
});

export const verifyWaitlist = endpoint({
  operationId: 'verifyWaitlist',
  method: 'POST',
  path: '/api/verify/promotion',
  summary:
    'Confirms the address with the e-mailed code (valid 10 minutes, single use, 5 wrong tries): it becomes a prospect with 20% off the first MultiMFA',
  tag: 'promotion',
  access: 'public',
  body: verifyWaitlistBody,
  response: envelope(z.null()),
  otherAnswers: { '429': 'Too many tries for the address or from the network' },
});

// ---- the Discounts Mailing List (/admin/discount-emails) --------------------------------------------

export const PROSPECTS_PAGE_SIZE = 25;
export const SELECT_DISCOUNT_CODE_MESSAGE = 'Please select discount code';
export const SELECT_ONE_ENTRY_MESSAGE = 'Please select atleast one entry';
export const DISCOUNT_MAILS_SAVED_MESSAGE = 'Emails will be sent to selected addresses';
export const DISCOUNT_MAILS_FAILED_MESSAGE = 'Something went wrong while saving mail selection';

export const prospectSchema = z
  .object({
    emailAddress: z.string(),
    type: z.enum(['WAITLIST']).describe('Where the address came from: the waitlist page'),
    verifiedAt: z.iso.datetime(),
  })
  .meta({ id: 'Prospect' });
export type ProspectView = z.infer<typeof prospectSchema>;

export const discountMailSchema = z.object({
  emailAddress: emailAddressField,
  discountCode: z
    .string({ error: SELECT_DISCOUNT_CODE_MESSAGE })
    .trim()
    .min(1, SELECT_DISCOUNT_CODE_MESSAGE)
    .max(30),
});

export const saveDiscountMailsBody = z
  .array(discountMailSchema)
  .min(1, SELECT_ONE_ENTRY_MESSAGE)
  .max(1000, 'At most 1000 addresses at once')
  .meta({ id: 'SaveDiscountMailsRequest' });
export type SaveDiscountMailsBody = z.output<typeof saveDiscountMailsBody>;

export const discountMailsSavedSchema = z
  .object({
    queued: z.number().int().describe('E-mails queued now'),
    alreadySent: z.number().int().describe('Prospects who had been sent this code before (not sent again)'),
  })
  .meta({ id: 'DiscountMailsSaved' });
export type DiscountMailsSaved = z.infer<typeof discountMailsSavedSchema>;

export const listProspects = endpoint({
  operationId: 'listProspects',
  method: 'GET',
  path: '/api/admin/discounts/users-prospects',
  summary: 'Confirmed waitlist addresses, newest first',
  tag: 'admin',
  access: 'admin',
  response: envelope(z.array(prospectSchema)),
});

export const saveDiscountMails = endpoint({
  operationId: 'saveDiscountMails',
  method: 'POST',
  path: '/api/admin/discounts/save-discount-mails',
  summary:
    'E-mails each selected prospect the chosen active code, once per prospect and code (unsubscribed addresses are skipped)',
  tag: 'admin',
  access: 'admin',
  body: saveDiscountMailsBody,
  response: envelope(discountMailsSavedSchema),
});

// ---- the unsubscribe link of the discount e-mails -----------------------------------------------------

export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive MultiMFA offers at this address';

export const unsubscribeOffersBody = z
  .object({
    email: emailAddressField,
    token: z
      .string({ error: 'This unsubscribe link is not valid' })
      .trim()
      .min(1, 'This unsubscribe link is not valid')
      .max(100, 'This unsubscribe link is not valid'),
  })
  .meta({ id: 'UnsubscribeOffersRequest' });
export type UnsubscribeOffersBody = z.output<typeof unsubscribeOffersBody>;

export const unsubscribeOffers = endpoint({
  operationId: 'unsubscribeOffers',
  method: 'POST',
  path: '/api/promotion/unsubscribe',
  summary: 'The unsubscribe link of a discount e-mail: no more offers to the address',
  tag: 'promotion',
  access: 'public',
  body: unsubscribeOffersBody,
  response: envelope(z.null()),
});

export const promotionEndpoints = [
  joinWaitlist,
  verifyWaitlist,
  unsubscribeOffers,
  listProspects,
  saveDiscountMails,
] as const;
