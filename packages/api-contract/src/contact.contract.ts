import { z } from 'zod';
import { emailAddressField } from './auth.contract.js';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

export const contactBody = z
  .object({
    name: z
      .string({ error: 'Please enter your name' })
      .trim()
      .min(1, 'Please enter your name')
      .max(100, 'The name is too long'),
    email: emailAddressField,
    message: z
      .string({ error: 'Please enter your message' })
      .trim()
      .min(1, 'Please enter your message')
      .max(5000, 'The message is too long (at most 5000 characters)'),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.input<typeof contactBody>;

export const sendContactMessage = endpoint({
  operationId: 'sendContactMessage',
  method: 'POST',
  path: '/api/contact',
  summary: 'Sends the landing page contact form to support (stored, then e-mailed; rate limited)',
  tag: 'contact',
  access: 'public',
  body: contactBody,
  response: envelope(z.object({ messageId: z.uuid() })),
});
