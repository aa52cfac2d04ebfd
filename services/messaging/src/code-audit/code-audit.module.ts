import { Module } from '@nestjs/common';
import { CodeAuditController } from './code-audit.controller.js';
import { CodeAuditRepository } from './code-audit.repository.js';
import { CodeAuditService } from './code-audit.service.js';

/** Who used which code: recorded reveals and the per-text audit of an MFA, for its owner. */
@Module({ controllers: [CodeAuditController], providers: [CodeAuditService, CodeAuditRepository] })
export class CodeAuditModule {}
