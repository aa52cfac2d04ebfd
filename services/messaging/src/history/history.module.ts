import { Module } from '@nestjs/common';
import { MessageHistoryController } from './message-history.controller.js';
import { MessageHistoryRepository } from './message-history.repository.js';

/** A MultiMFA's recent texts and their forwards' statuses, for its owner. */
@Module({ controllers: [MessageHistoryController], providers: [MessageHistoryRepository] })
export class HistoryModule {}
