import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { identityService } from './service.definition.js';

await runService(identityService);
