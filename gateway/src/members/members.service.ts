import type { Member, MemberFields, MultiMfaDetails } from '@multimfa/api-contract';
import {
  type MfaRecord,
  memberRecord,
  memberRecords,
  mfaRecord,
  nothing,
  type SaveMfaRequest,
} from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import { toMultiMfa } from '../mfa/mfa.shapes.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/**
 * The MultiMFA detail page and its members: numbers owns both and checks every id against the user
 * (another user's answers 404 there).
 */
@Injectable()
export class MembersService {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  async details(userId: string, mfaId: string): Promise<MultiMfaDetails> {
    const [mfa, members] = await Promise.all([
      this.numbers.get(`/users/${userId}/mfas/${mfaId}`, mfaRecord),
      this.numbers.get(`/users/${userId}/mfas/${mfaId}/members`, memberRecords),
    ]);
    return this.shape(mfa, members);
  }

  async save(
    userId: string,
    mfaId: string,
    change: Omit<SaveMfaRequest, 'MFAType'>,
  ): Promise<MultiMfaDetails> {
    const members = await this.numbers.get(`/users/${userId}/mfas/${mfaId}/members`, memberRecords);
    const mfa = await this.numbers.request('PATCH', `/users/${userId}/mfas/${mfaId}`, mfaRecord, {
      ...change,
      MFAType: 'MultiMFA',
    } satisfies SaveMfaRequest);
    return this.shape(mfa, members);
  }

  add(userId: string, mfaId: string, fields: MemberFields): Promise<Member> {
    return this.numbers.post(`/users/${userId}/mfas/${mfaId}/members`, memberRecord, fields);
  }

  async remove(userId: string, memberId: string): Promise<void> {
    await this.numbers.request('DELETE', `/users/${userId}/members/${memberId}`, nothing);
  }

  private shape(mfa: MfaRecord, members: Member[]): MultiMfaDetails {
    return { ...toMultiMfa(mfa), Members: members };
  }
}
