import { z } from 'zod';
import { mobileNoField } from './auth.contract.js';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

// ---- fields, with the messages the Add and Edit modals show ---------------------------------

/** Twilio's IncomingPhoneNumber SID: `PN` and 32 hexadecimal characters. */
export const twilioSidField = z
  .string({ error: 'Please provide SID' })
  .trim()
  .min(1, 'Please provide SID')
  .regex(/^PN[0-9a-fA-F]{32}$/, 'The SID must be PN followed by 32 hexadecimal characters');

export const referenceNameField = z
  .string({ error: 'Please provide reference name' })
  .trim()
  .min(1, 'Please provide reference name')
  .max(100, 'Reference name must be at most 100 characters');

/** Add and edit send the same three fields; the number in E.164 form (+ and up to 15 digits). */
export const twilioNumberBody = z
  .object({ mobileNo: mobileNoField, sid: twilioSidField, referenceName: referenceNameField })
  .meta({ id: 'TwilioNumberRequest' });
export type TwilioNumberBody = z.output<typeof twilioNumberBody>;

/** A number of the pool as administrators see it. */
export const twilioNumberSchema = z
  .object({
    twillioNoId: z.number().int().positive(),
    mobileNo: z.string(),
    sid: z.string(),
    referenceName: z.string(),
    country: z.string().length(2).describe('ISO 3166 code of the country the number belongs to'),
    state: z
      .enum(['FREE', 'OCCUPIED', 'RESERVED', 'QUARANTINED'])
      .describe('FREE numbers can be given to a purchase; any other state counts as occupied'),
    isOccupied: z.boolean(),
    createdAt: z.iso.datetime(),
    reservedUntil: z.iso
      .datetime()
      .nullable()
      .describe('RESERVED: until when it is kept for the customer whose subscription expired (30 days)'),
    quarantinedUntil: z.iso
      .datetime()
      .nullable()
      .describe('QUARANTINED: until when nobody may get it (90 days); then FREE'),
  })
  .meta({ id: 'TwilioNumber' });
export type TwilioNumber = z.infer<typeof twilioNumberSchema>;

/** The "Filter by phone number" text: digits (and a leading +) matched anywhere in the number. */
export const twilioNumbersQuery = z.object({
  mobileNo: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\+?\d{0,15}$/, 'Filter by the digits of the phone number'))
    .optional(),
});

export const twilioNumberParams = z.object({
  twillioNoId: z.coerce.number({ error: 'Unknown number' }).int('Unknown number').positive('Unknown number'),
});

/** A MultiMFA or RoboMFA bought while no number of its country was free: it gets the next one added. */
export const waitingMfaSchema = z
  .object({
    mfaId: z.uuid(),
    MFAType: z.enum(['MultiMFA', 'RoboMFA']),
    name: z.string(),
    country: z.object({
      countryId: z.number().int().positive(),
      name: z.string(),
      code: z.string().describe('Dialling code, e.g. +44'),
      isoCode: z.string().length(2),
    }),
    waitingSince: z.iso.datetime(),
  })
  .meta({ id: 'WaitingMfa' });
export type WaitingMfa = z.infer<typeof waitingMfaSchema>;

// ---- calls ------------------------------------------------------------------------------------

export const listTwilioNumbers = endpoint({
  operationId: 'listTwilioNumbers',
  method: 'GET',
  path: '/api/admin/twilio-numbers',
  summary: 'The number pool, newest first; `mobileNo` keeps the numbers containing those digits',
  tag: 'admin',
  access: 'admin',
  query: twilioNumbersQuery,
  response: envelope(z.array(twilioNumberSchema)),
});

export const addTwilioNumber = endpoint({
  operationId: 'addTwilioNumber',
  method: 'POST',
  path: '/api/admin/twilio-numbers',
  summary: 'Add a number to the pool (a number or SID already there is refused with 409)',
  tag: 'admin',
  access: 'admin',
  body: twilioNumberBody,
  response: envelope(twilioNumberSchema),
});

export const updateTwilioNumber = endpoint({
  operationId: 'updateTwilioNumber',
  method: 'PATCH',
  path: '/api/admin/twilio-numbers/:twillioNoId',
  summary: 'Change a free number (an occupied one is refused with 409)',
  tag: 'admin',
  access: 'admin',
  params: twilioNumberParams,
  body: twilioNumberBody,
  response: envelope(twilioNumberSchema),
});

export const deleteTwilioNumber = endpoint({
  operationId: 'deleteTwilioNumber',
  method: 'DELETE',
  path: '/api/admin/twilio-numbers/:twillioNoId',
  summary: 'Remove a free number from the pool (an occupied one is refused with 409)',
  tag: 'admin',
  access: 'admin',
  params: twilioNumberParams,
  response: envelope(z.null()),
});

export const listWaitingMfas = endpoint({
  operationId: 'listWaitingMfas',
  method: 'GET',
  path: '/api/admin/twilio-numbers/waiting',
  summary:
    'The MFAs waiting for a number of their country, longest first; each gets the next number of its country added',
  tag: 'admin',
  access: 'admin',
  response: envelope(z.array(waitingMfaSchema)),
});

export const adminNumbersEndpoints = [
  listTwilioNumbers,
  listWaitingMfas,
  addTwilioNumber,
  updateTwilioNumber,
  deleteTwilioNumber,
] as const;
