import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ContactMessage } from './contact-message.record.js';

interface Row {
  message_id: string;
  name: string;
  email_address: string;
  message: string;
  created_at: Date;
}

/** The `contact_message` table. */
@Injectable()
export class ContactMessagesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction (the message and its e-mail are recorded together). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insert(manager: EntityManager, message: Omit<ContactMessage, 'createdAt'>): Promise<void> {
    await manager.query(
      'INSERT INTO contact_message (message_id, name, email_address, message) VALUES ($1, $2, $3, $4)',
      [message.messageId, message.name, message.emailAddress, message.message],
    );
  }

  async find(messageId: string): Promise<ContactMessage | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      'SELECT message_id, name, email_address, message, created_at FROM contact_message WHERE message_id = $1',
      [messageId],
    );
    if (!row) return undefined;
    return {
      messageId: row.message_id,
      name: row.name,
      emailAddress: row.email_address,
      message: row.message,
      createdAt: row.created_at,
    };
  }
}
