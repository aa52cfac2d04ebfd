import type { MemberStatus } from '@multimfa/api-contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MemberEntity } from './member.entity.js';

/** A member with the MultiMFA and owner it belongs to. */
export interface OwnedMember {
  member: MemberEntity;
  userId: string;
}

/** The MultiMFA a member belongs to, as its invitation names it: its name and number (none yet: null). */
export interface MemberTeam {
  name: string;
  number: string | null;
}

/** The `member` table. Writes run in the caller's transaction. */
export abstract class MembersRepository {
  abstract transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /**
   * Locks the user's MultiMFA row for the rest of the transaction and answers its seat limit
   * (another user's, or a RoboMFA: undefined).
   */
  abstract lockMultiMfa(manager: EntityManager, userId: string, mfaId: string): Promise<number | undefined>;
  /** Seats the MultiMFA's members (BOTH counts 2) and destinations (one each) take. */
  abstract seatsTaken(manager: EntityManager, mfaId: string): Promise<number>;
  abstract insert(manager: EntityManager, member: MemberEntity): Promise<void>;
  /** The user's MultiMFA's members, oldest first (another user's: undefined). */
  abstract listOf(userId: string, mfaId: string): Promise<MemberEntity[] | undefined>;
  /** The member of one of the user's MultiMFAs (another user's: undefined). */
  abstract find(manager: EntityManager, userId: string, memberId: string): Promise<OwnedMember | undefined>;
  abstract delete(manager: EntityManager, memberId: string): Promise<void>;
  /** Records a destination messaging added (its seat); a second time changes nothing. */
  abstract addDestinationSeat(
    manager: EntityManager,
    seat: { destinationId: string; mfaId: string; addedAt: Date },
  ): Promise<void>;
  abstract removeDestinationSeat(manager: EntityManager, destinationId: string): Promise<void>;
  /** Any member with its owner, locked for the rest of the transaction. */
  abstract lock(manager: EntityManager, memberId: string): Promise<OwnedMember | undefined>;
  abstract setStatus(manager: EntityManager, memberId: string, status: MemberStatus): Promise<void>;
  abstract teamOf(manager: EntityManager, mfaId: string): Promise<MemberTeam | undefined>;
}

@Injectable()
export class TypeOrmMembersRepository extends MembersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async lockMultiMfa(manager: EntityManager, userId: string, mfaId: string): Promise<number | undefined> {
    const rows: Array<{ no_of_users: number }> = await manager.query(
      `SELECT no_of_users FROM mfa WHERE mfa_id = $1 AND user_id = $2 AND mfa_type = 'MultiMFA' FOR UPDATE`,
      [mfaId, userId],
    );
    return rows[0]?.no_of_users;
  }

  async seatsTaken(manager: EntityManager, mfaId: string): Promise<number> {
    const rows: Array<{ seats: number }> = await manager.query(
      `SELECT ((SELECT coalesce(sum(CASE WHEN forward_medium = 'BOTH' THEN 2 ELSE 1 END), 0)
                  FROM member WHERE mfa_id = $1)
              + (SELECT count(*) FROM destination_seat WHERE mfa_id = $1))::int AS seats`,
      [mfaId],
    );
    return rows[0]?.seats ?? 0;
  }

  async insert(manager: EntityManager, member: MemberEntity): Promise<void> {
    await manager.getRepository(MemberEntity).insert(member);
  }

  async listOf(userId: string, mfaId: string): Promise<MemberEntity[] | undefined> {
    const owned: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM mfa WHERE mfa_id = $1 AND user_id = $2 AND mfa_type = 'MultiMFA'`,
      [mfaId, userId],
    );
    if (owned.length === 0) return undefined;
    return this.dataSource
      .getRepository(MemberEntity)
      .find({ where: { mfaId }, order: { createdAt: 'ASC', memberId: 'ASC' } });
  }

  async find(manager: EntityManager, userId: string, memberId: string): Promise<OwnedMember | undefined> {
    const member = await manager
      .getRepository(MemberEntity)
      .createQueryBuilder('member')
      .innerJoin('mfa', 'mfa', 'mfa.mfa_id = member.mfa_id')
      .where('member.member_id = :memberId AND mfa.user_id = :userId', { memberId, userId })
      .getOne();
    return member ? { member, userId } : undefined;
  }

  async delete(manager: EntityManager, memberId: string): Promise<void> {
    await manager.getRepository(MemberEntity).delete({ memberId });
  }

  async lock(manager: EntityManager, memberId: string): Promise<OwnedMember | undefined> {
    const rows: Array<{ user_id: string }> = await manager.query(
      `SELECT mfa.user_id FROM member JOIN mfa ON mfa.mfa_id = member.mfa_id
        WHERE member.member_id = $1 FOR UPDATE OF member`,
      [memberId],
    );
    const userId = rows[0]?.user_id;
    if (!userId) return undefined;
    const member = await manager.getRepository(MemberEntity).findOneByOrFail({ memberId });
    return { member, userId };
  }

  async setStatus(manager: EntityManager, memberId: string, status: MemberStatus): Promise<void> {
    await manager.getRepository(MemberEntity).update({ memberId }, { status });
  }

  async teamOf(manager: EntityManager, mfaId: string): Promise<MemberTeam | undefined> {
    const [row]: Array<{ name: string; e164: string | null }> = await manager.query(
      `SELECT mfa.name, phone_number.e164 FROM mfa
         LEFT JOIN phone_number ON phone_number.phone_number_id = mfa.phone_number_id
        WHERE mfa.mfa_id = $1`,
      [mfaId],
    );
    return row ? { name: row.name, number: row.e164 } : undefined;
  }

  async addDestinationSeat(
    manager: EntityManager,
    seat: { destinationId: string; mfaId: string; addedAt: Date },
  ): Promise<void> {
    await manager.query(
      'INSERT INTO destination_seat (destination_id, mfa_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [seat.destinationId, seat.mfaId, seat.addedAt],
    );
  }

  async removeDestinationSeat(manager: EntityManager, destinationId: string): Promise<void> {
    await manager.query('DELETE FROM destination_seat WHERE destination_id = $1', [destinationId]);
  }
}
