import type { Invitation, Member } from '@multimfa/api-contract';
import { identityUser } from '@multimfa/service-contracts/identity';
import { invitationRecord, memberRecord, nothing } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { IDENTITY, NUMBERS } from '../upstream/upstream.module.js';

/**
 * Invitations: numbers owns them; the token goes to numbers in a body, never in a path. The invitation
 * screen names the inviter: the owner's name, from identity (opened once per invitation, not a hot path).
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(IDENTITY) private readonly identity: ServiceClient,
  ) {}

  send(userId: string, memberId: string): Promise<Member> {
    return this.numbers.post(`/users/${userId}/members/${memberId}/invitations`, memberRecord);
  }

  async lookup(token: string): Promise<Invitation> {
    const { ownerId, ...invitation } = await this.numbers.post('/invitations/lookup', invitationRecord, {
      token,
    });
    return { ...invitation, inviterName: await this.nameOf(ownerId) };
  }

  /** The owner's first and last name; null when identity cannot say (a deleted account, say): the screen still works. */
  private async nameOf(userId: string): Promise<string | null> {
    try {
      const owner = await this.identity.get(`/users/${userId}`, identityUser);
      return `${owner.firstName} ${owner.lastName}`.trim() || null;
    } catch {
      return null;
    }
  }

  async accept(token: string): Promise<void> {
    await this.numbers.post('/invitations/accept', nothing, { token });
  }

  async reject(invitationId: string): Promise<void> {
    await this.numbers.post(`/invitations/${invitationId}/reject`, nothing);
  }
}
