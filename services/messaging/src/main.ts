import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { messagingService } from './service.js';

await runService(messagingService);
