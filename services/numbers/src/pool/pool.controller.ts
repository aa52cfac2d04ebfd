import {
  type PoolNumber,
  type PoolNumberRequest,
  poolNumberIdParam,
  poolNumberRequest,
  poolSearchQuery,
} from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { PoolService } from './pool.service.js';

const numberId = new ZodPipe(poolNumberIdParam);
const request = new ZodPipe(poolNumberRequest);

/** The pool, for the gateway's admin calls (the gateway has checked the caller is an administrator). */
@Controller('pool/numbers')
export class PoolController {
  constructor(@Inject(PoolService) private readonly pool: PoolService) {}

  @Get()
  list(@Query(new ZodPipe(poolSearchQuery)) query: z.output<typeof poolSearchQuery>): Promise<PoolNumber[]> {
    return this.pool.list(query.mobileNo);
  }

  @Post()
  add(@Body(request) body: PoolNumberRequest): Promise<PoolNumber> {
    return this.pool.add(body);
  }

  @Patch(':id')
  update(@Param('id', numberId) id: number, @Body(request) body: PoolNumberRequest): Promise<PoolNumber> {
    return this.pool.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', numberId) id: number): Promise<void> {
    return this.pool.remove(id);
  }
}
