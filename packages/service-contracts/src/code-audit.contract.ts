/**
 * Messaging's calls for "who used which code": revealing a text's code on a detail page (an audited
 * action) and the audit of an MFA's texts. Re-exported by `@multimfa/service-contracts/messaging`.
 */
import { z } from 'zod';

/** `POST /mfas/:mfaId/messages/:messageId/reveal`: the owner reveals a text's code (another's: 404). */
export const revealCodeRequest = z.object({
  userId: z.uuid(),
  /** The revealing person's name as the session shows it: kept with the reveal. */
  revealedBy: z.string().trim().min(1).max(200),
});
export type RevealCodeRequest = z.output<typeof revealCodeRequest>;

export const revealedCode = z.object({
  messageId: z.uuid(),
  /** null: the text had no code, or its retention period deleted it. */
  code: z.string().nullable(),
  body: z.string().nullable(),
});
export type RevealedCode = z.output<typeof revealedCode>;

/** `GET /mfas/:mfaId/code-audit?userId=&limit=&before=`: the newest texts first, `before` a receivedAt. */
export const codeAuditQuery = z.object({
  userId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.iso.datetime().optional(),
});
export type CodeAuditQuery = z.output<typeof codeAuditQuery>;

export const codeAuditEntry = z.object({
  messageId: z.uuid(),
  sender: z.string(),
  receivedAt: z.iso.datetime(),
  codeService: z.string().nullable(),
  hadCode: z.boolean(),
  members: z.array(
    z.object({
      memberId: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      channel: z.enum(['EMAIL', 'SMS']),
      status: z.enum(['queued', 'sent', 'delivered', 'failed']),
      /** When the provider accepted it (null: not yet, or never). */
      at: z.iso.datetime().nullable(),
    }),
  ),
  destinations: z.array(
    z.object({
      destinationId: z.uuid(),
      name: z.string(),
      kind: z.enum(['slack', 'webhook']),
      status: z.enum(['queued', 'retrying', 'delivered', 'failed']),
      at: z.iso.datetime().nullable(),
    }),
  ),
  reveals: z.array(z.object({ userId: z.uuid(), revealedBy: z.string(), at: z.iso.datetime() })),
  bots: z.array(
    z.object({ botId: z.uuid(), action: z.enum(['read', 'waited', 'claimed']), at: z.iso.datetime() }),
  ),
});
export type CodeAuditEntry = z.output<typeof codeAuditEntry>;

export const codeAudit = z.object({ entries: z.array(codeAuditEntry) });
export type CodeAudit = z.output<typeof codeAudit>;
