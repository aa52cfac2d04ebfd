import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { adminReportingService } from './service.js';

await runService(adminReportingService);
