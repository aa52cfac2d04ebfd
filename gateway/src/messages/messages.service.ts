import type { ForwardedMessage } from '@multimfa/api-contract';
import { recentMessagesList } from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { MESSAGING } from '../upstream/upstream.module.js';

/** A MultiMFA's recent texts from messaging, which checks the owner (another customer's MFA: 404). */
@Injectable()
export class MessagesService {
  constructor(@Inject(MESSAGING) private readonly messaging: ServiceClient) {}

  async recent(userId: string, multiMFAId: string): Promise<ForwardedMessage[]> {
    const query = new URLSearchParams({ userId, limit: '20' });
    const { messages } = await this.messaging.get(
      `/mfas/${encodeURIComponent(multiMFAId)}/messages?${query}`,
      recentMessagesList,
    );
    return messages.map((message) => ({
      ...message,
      deliveredCount: message.recipients.filter((recipient) => recipient.status === 'delivered').length,
    }));
  }
}
