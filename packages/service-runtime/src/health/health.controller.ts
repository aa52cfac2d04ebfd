import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { OpenToProbes } from '../callers/caller.guard.js';
import { Readiness } from './readiness.service.js';

/** The probes: open to any caller, answered by terminus. */
@OpenToProbes()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(Readiness) private readonly readiness: Readiness,
  ) {}

  /** The process is up and its event loop answers. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /**
   * The process can serve: every dependency answers (status "degraded", still 200, while something
   * waits out an outage, named under `degraded`). 503 otherwise, with what is down.
   */
  @Get('ready')
  @HealthCheck()
  async ready(@Res({ passthrough: true }) res: { status(code: number): unknown }) {
    try {
      const result = await this.health.check(this.readiness.indicators);
      const degraded = this.readiness.degradedReasons();
      return Object.keys(degraded).length ? { ...result, status: 'degraded', degraded } : result;
    } catch (error) {
      // Terminus reports "not ready" as this exception; the body is the report, not an error envelope.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }
}
