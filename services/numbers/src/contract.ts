/**
 * The numbers service's internal API, as zod schemas: numbers validates what it receives with them,
 * and the gateway imports them (`@multimfa/numbers/contract`) instead of retyping them.
 */
import {
  twilioNumberBody,
  twilioNumberParams,
  twilioNumberSchema,
  twilioNumbersQuery,
} from '@multimfa/api-contract';
import { z } from 'zod';

// ---- the number pool (administrators) -------------------------------------------------------

/** A number of the pool, in the shape the admin area shows. */
export const poolNumber = twilioNumberSchema;
export type PoolNumber = z.infer<typeof poolNumber>;
export const poolNumbers = z.array(poolNumber);

/** Add or change a number: E.164 number, Twilio SID (`PN` + 32 hex), reference name. */
export const poolNumberRequest = twilioNumberBody;
export type PoolNumberRequest = z.output<typeof poolNumberRequest>;

/** `mobileNo`: digits matched anywhere in the number. */
export const poolSearchQuery = twilioNumbersQuery;
export const poolNumberIdParam = twilioNumberParams.shape.twillioNoId;

export const nothing = z.null();
