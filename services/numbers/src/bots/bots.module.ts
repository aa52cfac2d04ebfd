import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NumbersConfig } from '../config/numbers.config.js';
import { MfasRepository, TypeOrmMfasRepository } from '../mfas/mfas.repository.js';
import { Bot } from './bot.entity.js';
import { BOT_KEY_CIPHER } from './bot-key-cipher.token.js';
import { BotKeyCipher } from './bot-keys.cipher.js';
import { BotsController } from './bots.controller.js';
import { BotsRepository, TypeOrmBotsRepository } from './bots.repository.js';
import { BotsService } from './bots.service.js';

/** RoboMFA detail and bots: API keys encrypted at rest under `BOT_KEY_ENCRYPTION_KEY`. */
@Module({})
export class BotsModule {
  static forRoot(config: NumbersConfig): DynamicModule {
    return {
      module: BotsModule,
      imports: [TypeOrmModule.forFeature([Bot])],
      controllers: [BotsController],
      providers: [
        BotsService,
        { provide: BOT_KEY_CIPHER, useValue: new BotKeyCipher(config.BOT_KEY_ENCRYPTION_KEY) },
        { provide: BotsRepository, useClass: TypeOrmBotsRepository },
        { provide: MfasRepository, useClass: TypeOrmMfasRepository },
      ],
    };
  }
}
