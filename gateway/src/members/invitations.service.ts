import type { Invitation, Member } from '@multimfa/api-contract';
import { invitationRecord, memberRecord, nothing } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** Invitations: numbers owns them; the token goes to numbers in a body, never in a path. */
@Injectable()
export class InvitationsService {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  send(userId: string, memberId: string): Promise<Member> {
    return this.numbers.post(`/users/${userId}/members/${memberId}/invitations`, memberRecord);
  }

  lookup(token: string): Promise<Invitation> {
    return this.numbers.post('/invitations/lookup', invitationRecord, { token });
  }

  async accept(token: string): Promise<void> {
    await this.numbers.post('/invitations/accept', nothing, { token });
  }

  async reject(invitationId: string): Promise<void> {
    await this.numbers.post(`/invitations/${invitationId}/reject`, nothing);
  }
}
