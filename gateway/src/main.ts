import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { gateway } from './gateway.definition.js';

await runService(gateway);
