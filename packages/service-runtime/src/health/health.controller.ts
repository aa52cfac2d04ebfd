import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Readiness, type ReadinessReport } from './readiness.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(Readiness) private readonly readiness: Readiness) {}

  /** The process is up and its event loop answers. */
  @Get('live')
  live() {
    return { status: 'live' };
  }

  /** The process can serve: every dependency answers (maybe degraded). 503 otherwise, with what is down. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    if (report.status !== 'ready' && report.status !== 'degraded') res.status(503);
    return report;
  }
}
