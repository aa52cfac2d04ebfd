import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CodeSecret } from '../codes/code-secret.service.js';
import { OneTimeCode } from '../codes/one-time-code.entity.js';
import { OneTimeCodesRepository } from '../codes/one-time-codes.repository.js';
import { OneTimeCodesService } from '../codes/one-time-codes.service.js';
import type { IdentityConfig } from '../config/identity.config.js';
import { Argon2PasswordHasher } from '../passwords/argon2-password-hasher.adapter.js';
import { PasswordHasher } from '../passwords/password-hasher.port.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({})
export class UsersModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: UsersModule,
      imports: [TypeOrmModule.forFeature([User, OneTimeCode])],
      controllers: [UsersController, AdminUsersController],
      providers: [
        UsersService,
        AdminUsersService,
        UsersRepository,
        OneTimeCodesService,
        OneTimeCodesRepository,
        { provide: CodeSecret, useValue: new CodeSecret(config.CODE_HMAC_KEY) },
        { provide: PasswordHasher, useClass: Argon2PasswordHasher },
      ],
      exports: [UsersService],
    };
  }
}
