import type { PayloadOf, profileUpdated, userRegistered } from '@multimfa/events';
import type { EntityManager } from 'typeorm';

/** The users read model (`report_user`), written in the transaction of the event applied. */
export class ReportUsersRepository {
  /** The user as registered; a user registered twice keeps its first row. */
  async insert(
    manager: EntityManager,
    user: PayloadOf<typeof userRegistered>,
    registeredAt: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO report_user (user_id, email_address, first_name, last_name, mobile_no, user_type,
                                is_verified, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO NOTHING`,
      [
        user.userId,
        user.emailAddress,
        user.firstName,
        user.lastName,
        user.mobileNo,
        user.userType,
        user.isVerified,
        registeredAt,
      ],
    );
  }

  async markVerified(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('UPDATE report_user SET is_verified = true WHERE user_id = $1', [userId]);
  }

  async updateProfile(manager: EntityManager, profile: PayloadOf<typeof profileUpdated>): Promise<void> {
    await manager.query(
      'UPDATE report_user SET first_name = $2, last_name = $3, mobile_no = $4 WHERE user_id = $1',
      [profile.userId, profile.firstName, profile.lastName, profile.mobileNo],
    );
  }
}
