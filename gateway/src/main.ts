import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { gateway } from './gateway.js';

await runService(gateway);
