import { randomUUID } from 'node:crypto';
import type {
  CodeAudit,
  CodeAuditQuery,
  RevealCodeRequest,
  RevealedCode,
} from '@multimfa/service-contracts/messaging';
import { Clock, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CodeAuditRepository } from './code-audit.repository.js';

const notFound = () => new NotFoundError('MFA not found');

/**
 * Who used which code: an owner sees a text's code only by revealing it, and each reveal is recorded
 * (who, when) before the code is answered; the audit lists, per text, every member and destination it
 * went to, every reveal and every bot that read, waited for or claimed it. Another owner's MFA, or a
 * text of another MFA, answers 404.
 */
@Injectable()
export class CodeAuditService {
  constructor(
    @Inject(CodeAuditRepository) private readonly audit: CodeAuditRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async reveal(mfaId: string, messageId: string, request: RevealCodeRequest): Promise<RevealedCode> {
    if ((await this.audit.ownerOf(mfaId)) !== request.userId) throw notFound();
    const text = await this.audit.text(mfaId, messageId);
    if (!text) throw new NotFoundError('Message not found');
    await this.audit.recordReveal({
      revealId: randomUUID(),
      messageId,
      mfaId,
      userId: request.userId,
      revealedBy: request.revealedBy,
      at: this.clock.now(),
    });
    return { messageId, code: text.code, body: text.body };
  }

  async entries(mfaId: string, query: CodeAuditQuery): Promise<CodeAudit> {
    if ((await this.audit.ownerOf(mfaId)) !== query.userId) throw notFound();
    const before = query.before ? new Date(query.before) : undefined;
    return { entries: await this.audit.entries(mfaId, query.limit, before) };
  }
}
