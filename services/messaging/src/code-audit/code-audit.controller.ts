import {
  type CodeAudit,
  type CodeAuditQuery,
  codeAuditQuery,
  type RevealCodeRequest,
  type RevealedCode,
  revealCodeRequest,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { CodeAuditService } from './code-audit.service.js';

const mfaUuid = new ZodPipe(z.uuid({ error: 'MFA not found' }));
const messageUuid = new ZodPipe(z.uuid({ error: 'Message not found' }));

/** Revealing a text's code (recorded) and the audit of who used which code, for the MFA's owner. */
@Controller('mfas/:mfaId')
export class CodeAuditController {
  constructor(@Inject(CodeAuditService) private readonly audit: CodeAuditService) {}

  @Post('messages/:messageId/reveal')
  @HttpCode(200)
  reveal(
    @Param('mfaId', mfaUuid) mfaId: string,
    @Param('messageId', messageUuid) messageId: string,
    @Body(new ZodPipe(revealCodeRequest)) body: RevealCodeRequest,
  ): Promise<RevealedCode> {
    return this.audit.reveal(mfaId, messageId, body);
  }

  @Get('code-audit')
  entries(
    @Param('mfaId', mfaUuid) mfaId: string,
    @Query(new ZodPipe(codeAuditQuery)) query: CodeAuditQuery,
  ): Promise<CodeAudit> {
    return this.audit.entries(mfaId, query);
  }
}
