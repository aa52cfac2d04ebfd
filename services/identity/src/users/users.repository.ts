import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { User } from './user.entity.js';

/** Reads and writes of users; writes take the caller's transaction. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.users.manager.transaction(work);
  }

  findById(userId: string, manager?: EntityManager): Promise<User | null> {
    return (manager?.getRepository(User) ?? this.users).findOneBy({ userId });
  }

  findByEmail(emailAddress: string, manager?: EntityManager): Promise<User | null> {
    return (manager?.getRepository(User) ?? this.users).findOneBy({
      emailAddress: emailAddress.toLowerCase(),
    });
  }

  /** Locks the user's row for the rest of the transaction (serializes changes to one account). */
  lock(manager: EntityManager, userId: string): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  save(manager: EntityManager, user: User): Promise<User> {
    return manager.getRepository(User).save(user);
  }

  async findGoogleSubject(subject: string, manager?: EntityManager): Promise<string | undefined> {
    const [row] = await (manager ?? this.users.manager).query(
      'SELECT user_id FROM google_identity WHERE subject = $1',
      [subject],
    );
    return row?.user_id;
  }

  async linkGoogle(
    manager: EntityManager,
    subject: string,
    userId: string,
    emailAddress: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO google_identity (subject, user_id, email_address) VALUES ($1, $2, $3)
       ON CONFLICT (subject) DO NOTHING`,
      [subject, userId, emailAddress],
    );
  }

  /** Accounts not deleted, newest first, created in [from, before). */
  listForReport(from: Date | undefined, before: Date | undefined): Promise<User[]> {
    const query = this.users
      .createQueryBuilder('u')
      .where('u.deletedAt IS NULL')
      .orderBy('u.createdAt', 'DESC');
    if (from) query.andWhere('u.createdAt >= :from', { from });
    if (before) query.andWhere('u.createdAt < :before', { before });
    return query.getMany();
  }

  /** Locks the active administrators' rows for the transaction and answers their ids. */
  async lockActiveAdmins(manager: EntityManager): Promise<string[]> {
    const rows = await manager.getRepository(User).find({
      select: { userId: true },
      where: { userType: 'ADMIN', isActive: true, deletedAt: IsNull() },
      order: { userId: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return rows.map((row) => row.userId);
  }

  async unlinkGoogle(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('DELETE FROM google_identity WHERE user_id = $1', [userId]);
  }
}
