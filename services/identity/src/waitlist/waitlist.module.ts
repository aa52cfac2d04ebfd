import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CodeSecret } from '../codes/code-secret.service.js';
import type { IdentityConfig } from '../config/identity.config.js';
import { WaitlistController } from './waitlist.controller.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistService } from './waitlist.service.js';
import { WaitlistSignup } from './waitlist-signup.entity.js';

/** The waitlist (/promotion): sign-ups, their e-mailed codes, the prospects. */
@Module({})
export class WaitlistModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: WaitlistModule,
      imports: [TypeOrmModule.forFeature([WaitlistSignup])],
      controllers: [WaitlistController],
      providers: [
        WaitlistService,
        WaitlistRepository,
        { provide: CodeSecret, useValue: new CodeSecret(config.CODE_HMAC_KEY) },
      ],
    };
  }
}
