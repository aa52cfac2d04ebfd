import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DestinationSeatsSubscriber } from './destination-seats.subscriber.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository, SqlInvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';
import { MemberEntity } from './member.entity.js';
import { MembersController } from './members.controller.js';
import { MembersRepository, TypeOrmMembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';

/**
 * The members of MultiMFAs (seats counted under a lock, with the destinations messaging added) and
 * their invitations.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity])],
  controllers: [MembersController, InvitationsController, DestinationSeatsSubscriber],
  providers: [
    MembersService,
    InvitationsService,
    { provide: MembersRepository, useClass: TypeOrmMembersRepository },
    { provide: InvitationsRepository, useClass: SqlInvitationsRepository },
  ],
})
export class MembersModule {}
