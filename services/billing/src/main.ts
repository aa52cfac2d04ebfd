import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { billingService } from './service.definition.js';

await runService(billingService);
