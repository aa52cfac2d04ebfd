import { emailAddressField } from '@multimfa/api-contract';
import { z } from 'zod';

/** The newsletter box's one field: the address the waitlist's double opt-in confirms. */
export const newsletterSchema = z.object({ emailAddress: emailAddressField });
