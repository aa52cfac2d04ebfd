import {
  type CodeAuditEntryAnswer,
  type Envelope,
  getCodeAudit,
  type RevealedCodeAnswer,
  revealMfaCode,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { CodeAuditService } from './code-audit.service.js';

/** Revealing a text's code on a detail page (recorded), and the audit of who used which code. */
@Controller()
export class CodeAuditController {
  constructor(@Inject(CodeAuditService) private readonly audit: CodeAuditService) {}

  @Serves(revealMfaCode)
  @HttpCode(200)
  async reveal(
    @SignedInUserId() userId: string,
    @Param() params: { mfaId: string; messageId: string },
  ): Promise<Envelope<RevealedCodeAnswer>> {
    return ok(await this.audit.reveal(userId, params.mfaId, params.messageId));
  }

  @Serves(getCodeAudit)
  async entries(
    @SignedInUserId() userId: string,
    @Param() params: { mfaId: string },
    @Query() query: { limit: number; before?: string },
  ): Promise<Envelope<{ entries: CodeAuditEntryAnswer[] }>> {
    return ok({ entries: await this.audit.entries(userId, params.mfaId, query) });
  }
}
