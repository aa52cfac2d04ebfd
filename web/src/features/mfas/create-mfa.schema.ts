import { z } from 'zod';
import type { MfaType } from '../../session/session.schema';

/** The messages of customer-area section 5 for each create form. */
export const NAME_REQUIRED_MESSAGE: Record<MfaType, string> = {
  MultiMFA: 'Please provide name for your MFA',
  RoboMFA: 'Please provide name for your RoboMFA',
};
export const COUNTRY_REQUIRED_MESSAGE = 'Please select Country';

/** Name (trimmed, required), Country (required; the select's value is the country id) and Description. */
export function createMfaSchema(kind: MfaType) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, NAME_REQUIRED_MESSAGE[kind])
      .max(100, 'The name must be at most 100 characters'),
    countryId: z.string({ error: COUNTRY_REQUIRED_MESSAGE }).regex(/^\d+$/, COUNTRY_REQUIRED_MESSAGE),
    description: z.string().trim().max(1000, 'The description must be at most 1000 characters'),
  });
}
