import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A bot of a RoboMFA, with its API key encrypted at rest and hashed for lookup. */
@Entity({ name: 'bot' })
export class Bot {
  @PrimaryColumn({ name: 'bot_id', type: 'uuid' })
  botId!: string;

  @Column({ name: 'mfa_id', type: 'uuid' })
  mfaId!: string;

  @Column({ name: 'reference_name', type: 'varchar', length: 100 })
  referenceName!: string;

  /** SHA-256 of the API key, hex. */
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  /** The API key under AES-256-GCM (see `BotKeys`). */
  @Column({ name: 'key_ciphertext', type: 'text' })
  keyCiphertext!: string;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When the bot API last accepted the key, to the minute (see `BotsService.noteKeyUse`); null: never. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
