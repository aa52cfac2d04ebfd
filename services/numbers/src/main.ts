import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { numbersService } from './service.definition.js';

await runService(numbersService);
