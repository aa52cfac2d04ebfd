import { Module } from '@nestjs/common';
import { BotActionsRecorder } from './bot-actions.recorder.js';
import { BotActivityController } from './bot-activity.controller.js';
import { BotActivityService } from './bot-activity.service.js';
import { BotMessageActionsRepository } from './bot-message-actions.repository.js';
import { RoboMfaMessagesRepository } from './robo-mfa-messages.repository.js';

/**
 * Which bot read, waited for or claimed which text: the bot feed records it (reads and waits through
 * the recorder, claims in the claim's transaction), the RoboMFA's owner reads it beside the texts.
 */
@Module({
  controllers: [BotActivityController],
  providers: [BotActivityService, BotActionsRecorder, BotMessageActionsRepository, RoboMfaMessagesRepository],
  exports: [BotActionsRecorder, BotMessageActionsRepository],
})
export class BotActivityModule {}
