import 'reflect-metadata';
import { runService } from '@multimfa/service-runtime';
import { numbersService } from './service.js';

await runService(numbersService);
