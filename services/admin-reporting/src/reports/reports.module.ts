import { Module } from '@nestjs/common';
import { ReadModelsSubscriber } from '../read-models/read-models.subscriber.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository, SqlReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/** The read models (fed by the subscriber) and the reports read from them. */
@Module({
  controllers: [ReadModelsSubscriber, ReportsController],
  providers: [ReportsService, { provide: ReportsRepository, useClass: SqlReportsRepository }],
  exports: [ReportsService],
})
export class ReportsModule {}
