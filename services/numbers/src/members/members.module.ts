import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository, SqlInvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';
import { MemberEntity } from './member.entity.js';
import { MembersController } from './members.controller.js';
import { MembersRepository, TypeOrmMembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';

/** The members of MultiMFAs (seats counted under a lock) and their invitations. */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity])],
  controllers: [MembersController, InvitationsController],
  providers: [
    MembersService,
    InvitationsService,
    { provide: MembersRepository, useClass: TypeOrmMembersRepository },
    { provide: InvitationsRepository, useClass: SqlInvitationsRepository },
  ],
})
export class MembersModule {}
