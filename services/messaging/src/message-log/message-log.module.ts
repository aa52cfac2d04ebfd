import { Module } from '@nestjs/common';
import { MessageLogRepository } from './message-log.repository.js';

/** The message log and the per-MFA counts, written by inbound and forwarding. */
@Module({ providers: [MessageLogRepository], exports: [MessageLogRepository] })
export class MessageLogModule {}
