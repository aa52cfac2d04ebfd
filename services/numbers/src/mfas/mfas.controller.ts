import {
  type ApplyPurchaseRequest,
  applyPurchaseRequest,
  type MfaRecord,
  mfaCountsQuery,
  mfaListQuery,
  type RetentionRecord,
  retentionRecord,
  type SaveMfaRequest,
  saveMfaRequest,
} from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { MfasService } from './mfas.service.js';

const uuid = new ZodPipe(z.uuid({ error: 'MFA not found' }));

/** MFAs for the gateway: applying a completed purchase, and a user's own MFAs. */
@Controller()
export class MfasController {
  constructor(@Inject(MfasService) private readonly mfas: MfasService) {}

  @Post('purchases')
  @HttpCode(200)
  apply(@Body(new ZodPipe(applyPurchaseRequest)) purchase: ApplyPurchaseRequest): Promise<MfaRecord> {
    return this.mfas.applyPurchase(purchase);
  }

  /** For the admin User Report (the gateway lets only administrators ask). */
  @Get('admin/mfa-counts')
  counts(
    @Query(new ZodPipe(mfaCountsQuery)) query: z.output<typeof mfaCountsQuery>,
  ): Promise<Array<{ userId: string; count: number }>> {
    return this.mfas.countByUser(query.type);
  }

  @Get('users/:userId/mfas')
  list(
    @Param('userId', uuid) userId: string,
    @Query(new ZodPipe(mfaListQuery)) query: z.output<typeof mfaListQuery>,
  ): Promise<MfaRecord[]> {
    return this.mfas.list(userId, query.type);
  }

  @Get('users/:userId/mfas/:mfaId')
  get(@Param('userId', uuid) userId: string, @Param('mfaId', uuid) mfaId: string): Promise<MfaRecord> {
    return this.mfas.get(userId, mfaId);
  }

  @Patch('users/:userId/mfas/:mfaId')
  save(
    @Param('userId', uuid) userId: string,
    @Param('mfaId', uuid) mfaId: string,
    @Body(new ZodPipe(saveMfaRequest)) change: SaveMfaRequest,
  ): Promise<MfaRecord> {
    return this.mfas.save(userId, mfaId, change);
  }

  @Get('users/:userId/mfas/:mfaId/retention')
  retention(
    @Param('userId', uuid) userId: string,
    @Param('mfaId', uuid) mfaId: string,
  ): Promise<RetentionRecord> {
    return this.mfas.retention(userId, mfaId);
  }

  @Put('users/:userId/mfas/:mfaId/retention')
  setRetention(
    @Param('userId', uuid) userId: string,
    @Param('mfaId', uuid) mfaId: string,
    @Body(new ZodPipe(retentionRecord)) change: RetentionRecord,
  ): Promise<RetentionRecord> {
    return this.mfas.setRetention(userId, mfaId, change);
  }
}
