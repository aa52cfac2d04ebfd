import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OneTimeCodesService } from '../codes/one-time-codes.service.js';
import { Argon2PasswordHasher, PasswordHasher } from '../passwords/password-hasher.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersController],
  providers: [
    UsersService,
    UsersRepository,
    OneTimeCodesService,
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
  ],
  exports: [UsersService],
})
export class UsersModule {}
