import { Module } from '@nestjs/common';
import { BotActivityController } from './bot-activity.controller.js';
import { BotActivityService } from './bot-activity.service.js';
import { BotMessageActionsRepository } from './bot-message-actions.repository.js';
import { RoboMfaMessagesRepository } from './robo-mfa-messages.repository.js';

/**
 * Which bot read, waited for or claimed which text: the bot feed records it (this module's repository),
 * the RoboMFA's owner reads it beside the texts.
 */
@Module({
  controllers: [BotActivityController],
  providers: [BotActivityService, BotMessageActionsRepository, RoboMfaMessagesRepository],
  exports: [BotMessageActionsRepository],
})
export class BotActivityModule {}
