import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { messagingService } from './service.definition.js';

await runService(messagingService);
