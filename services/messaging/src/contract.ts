/**
 * The messaging service's internal API, as zod schemas: messaging validates what it receives with them,
 * and the gateway imports them (`@multimfa/messaging/contract`) instead of retyping them.
 */

import { contactBody } from '@multimfa/api-contract';
import { z } from 'zod';

// ---- the landing page's contact form -----------------------------------------------------------

/** `POST /contact-messages`: a visitor's message to support, stored and then e-mailed to support. */
export const contactMessageRequest = contactBody;
export type ContactMessageRequest = z.output<typeof contactMessageRequest>;

export const contactMessageAccepted = z.object({ messageId: z.uuid() });
export type ContactMessageAccepted = z.output<typeof contactMessageAccepted>;
