import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { identityService } from './service.js';

await runService(identityService);
