import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MemberEntity } from './member.entity.js';
import { MembersController } from './members.controller.js';
import { MembersRepository, TypeOrmMembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';

/** The members of MultiMFAs: seats counted under a lock, additions and removals published. */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity])],
  controllers: [MembersController],
  providers: [MembersService, { provide: MembersRepository, useClass: TypeOrmMembersRepository }],
})
export class MembersModule {}
