import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { adminReportingService } from './service.definition.js';

await runService(adminReportingService);
