import type { CodeAuditEntryAnswer, RevealedCodeAnswer } from '@multimfa/api-contract';
import { identityUser } from '@multimfa/service-contracts/identity';
import { codeAudit, revealedCode } from '@multimfa/service-contracts/messaging';
import { roboMfaDetail } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { IDENTITY, MESSAGING, NUMBERS } from '../upstream/upstream.module.js';

/**
 * Who used which code. Messaging owns the texts, the reveals and the audit, and checks the owner
 * (another customer's MFA: 404); identity names the revealing user; numbers names the bots.
 */
@Injectable()
export class CodeAuditService {
  constructor(
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
  ) {}

  async reveal(userId: string, mfaId: string, messageId: string): Promise<RevealedCodeAnswer> {
    const user = await this.identity.get(`/users/${userId}`, identityUser);
    return this.messaging.post(
      `/mfas/${encodeURIComponent(mfaId)}/messages/${encodeURIComponent(messageId)}/reveal`,
      revealedCode,
      { userId, revealedBy: user.fullName },
    );
  }

  async entries(
    userId: string,
    mfaId: string,
    query: { limit: number; before?: string | undefined },
  ): Promise<CodeAuditEntryAnswer[]> {
    const search = new URLSearchParams({ userId, limit: String(query.limit) });
    if (query.before) search.set('before', query.before);
    const { entries } = await this.messaging.get(
      `/mfas/${encodeURIComponent(mfaId)}/code-audit?${search}`,
      codeAudit,
    );
    const botNames = entries.some((entry) => entry.bots.length)
      ? await this.botNames(userId, mfaId)
      : new Map<string, string>();
    return entries.map((entry) => ({
      messageId: entry.messageId,
      sender: entry.sender,
      receivedAt: entry.receivedAt,
      codeService: entry.codeService,
      hadCode: entry.hadCode,
      members: entry.members.map((member) => ({
        memberId: member.memberId,
        name: `${member.firstName} ${member.lastName}`,
        channel: member.channel,
        status: member.status,
        at: member.at,
      })),
      destinations: entry.destinations,
      reveals: entry.reveals.map((reveal) => ({ revealedBy: reveal.revealedBy, at: reveal.at })),
      bots: entry.bots.map((bot) => ({
        botId: bot.botId,
        name: botNames.get(bot.botId) ?? 'removed bot',
        action: bot.action,
        at: bot.at,
      })),
    }));
  }

  /** Only a RoboMFA has bots: numbers lists them (their reference names) for its owner. */
  private async botNames(userId: string, mfaId: string): Promise<Map<string, string>> {
    const detail = await this.numbers.get(
      `/users/${userId}/robo-mfas/${encodeURIComponent(mfaId)}`,
      roboMfaDetail,
    );
    return new Map(detail.bots.map((bot) => [bot.botId, bot.referenceName]));
  }
}
