import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

export const mfaMessageParams = z.object({
  mfaId: z.uuid('Invalid MFA id'),
  messageId: z.uuid('Invalid message id'),
});

export const revealedCodeSchema = z
  .object({
    messageId: z.uuid(),
    /** null: the text had no code, or its retention period deleted it. */
    code: z.string().nullable(),
    body: z.string().nullable(),
  })
  .meta({ id: 'RevealedCode' });
export type RevealedCodeAnswer = z.output<typeof revealedCodeSchema>;

export const revealMfaCode = endpoint({
  operationId: 'revealMfaCode',
  method: 'POST',
  path: '/api/plan/mfa/:mfaId/messages/:messageId/reveal',
  summary:
    'Reveals the code and body of a text to one of the caller’s MultiMFAs or RoboMFAs; each reveal is recorded in its code audit (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  params: mfaMessageParams,
  response: envelope(revealedCodeSchema),
});

export const codeAuditParams = z.object({ mfaId: z.uuid('Invalid MFA id') });
export const codeAuditQuery = z.object({
  limit: z.coerce.number().int('limit is a whole number').min(1).max(500).default(100),
  /** Texts received before this time (the last entry's `receivedAt` of the page before). */
  before: z.iso.datetime('before is an ISO date and time').optional(),
});

const when = z.iso.datetime().nullable();

export const codeAuditEntrySchema = z
  .object({
    messageId: z.uuid(),
    sender: z.string(),
    receivedAt: z.iso.datetime(),
    /** The service the code was for (Google, AWS, …), as the code extraction named it. */
    codeService: z.string().nullable(),
    hadCode: z.boolean(),
    members: z.array(
      z.object({
        memberId: z.uuid(),
        name: z.string(),
        channel: z.enum(['EMAIL', 'SMS']),
        status: z.enum(['queued', 'sent', 'delivered', 'failed']),
        /** When the provider accepted it (null: not yet, or never). */
        at: when,
      }),
    ),
    destinations: z.array(
      z.object({
        destinationId: z.uuid(),
        name: z.string(),
        kind: z.enum(['slack', 'webhook']),
        status: z.enum(['queued', 'retrying', 'delivered', 'failed']),
        at: when,
      }),
    ),
    /** Every reveal of the code on a detail page: who and when. */
    reveals: z.array(z.object({ revealedBy: z.string(), at: z.iso.datetime() })),
    /** Every bot that read, waited for or claimed the text. */
    bots: z.array(
      z.object({
        botId: z.uuid(),
        /** The bot's reference name ("removed bot" once it is deleted). */
        name: z.string(),
        action: z.enum(['read', 'waited', 'claimed']),
        at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'CodeAuditEntry' });
export type CodeAuditEntryAnswer = z.output<typeof codeAuditEntrySchema>;

export const getCodeAudit = endpoint({
  operationId: 'getCodeAudit',
  method: 'GET',
  path: '/api/plan/mfa/:mfaId/code-audit',
  summary:
    'Who used which code: per text of one of the caller’s MFAs, newest first, every member and destination it went to, every reveal and every bot that read or claimed it, with times (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  params: codeAuditParams,
  query: codeAuditQuery,
  response: envelope(z.object({ entries: z.array(codeAuditEntrySchema) })),
});

export const codeAuditEndpoints = [revealMfaCode, getCodeAudit];
