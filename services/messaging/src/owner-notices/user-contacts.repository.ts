import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A customer as identity's events tell messaging: where to write to them. */
export interface UserContact {
  userId: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
}

/**
 * The `user_contact` table, built from identity's user events (each applied once by the consumer, in
 * order per user: the topic is keyed by the user id).
 */
@Injectable()
export class UserContactsRepository {
  async registered(manager: EntityManager, contact: UserContact): Promise<void> {
    await manager.query(
      `INSERT INTO user_contact (user_id, email_address, first_name, last_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET email_address = EXCLUDED.email_address,
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, updated_at = now()`,
      [contact.userId, contact.emailAddress.toLowerCase(), contact.firstName, contact.lastName],
    );
  }

  async addressVerified(manager: EntityManager, userId: string, emailAddress: string): Promise<void> {
    await manager.query('UPDATE user_contact SET email_address = $2, updated_at = now() WHERE user_id = $1', [
      userId,
      emailAddress.toLowerCase(),
    ]);
  }

  async renamed(manager: EntityManager, userId: string, name: { firstName: string; lastName: string }) {
    await manager.query(
      'UPDATE user_contact SET first_name = $2, last_name = $3, updated_at = now() WHERE user_id = $1',
      [userId, name.firstName, name.lastName],
    );
  }

  async deleted(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('DELETE FROM user_contact WHERE user_id = $1', [userId]);
  }

  async find(manager: EntityManager, userId: string): Promise<UserContact | undefined> {
    const [row]: Array<{ user_id: string; email_address: string; first_name: string; last_name: string }> =
      await manager.query(
        'SELECT user_id, email_address, first_name, last_name FROM user_contact WHERE user_id = $1',
        [userId],
      );
    return row
      ? {
          userId: row.user_id,
          emailAddress: row.email_address,
          firstName: row.first_name,
          lastName: row.last_name,
        }
      : undefined;
  }
}
