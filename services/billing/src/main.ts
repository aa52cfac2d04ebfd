import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { billingService } from './service.js';

await runService(billingService);
