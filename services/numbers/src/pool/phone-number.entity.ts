import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Where a number of the pool stands. FREE: can be given to a purchase. OCCUPIED: an MFA uses it.
 * RESERVED: kept for a customer whose subscription expired. QUARANTINED: released, not yet reusable.
 */
export const PHONE_NUMBER_STATES = ['FREE', 'OCCUPIED', 'RESERVED', 'QUARANTINED'] as const;
export type PhoneNumberState = (typeof PHONE_NUMBER_STATES)[number];

@Entity({ name: 'phone_number' })
export class PhoneNumber {
  @PrimaryGeneratedColumn('identity', { name: 'phone_number_id', type: 'integer' })
  id!: number;

  /** E.164: + and up to 15 digits. */
  @Column({ type: 'varchar', length: 16 })
  e164!: string;

  /** Twilio's IncomingPhoneNumber SID, `PN` + 32 lower-case hex. */
  @Column({ type: 'char', length: 34 })
  sid!: string;

  @Column({ name: 'reference_name', type: 'varchar', length: 100 })
  referenceName!: string;

  /** ISO 3166 code, derived from the number. */
  @Column({ name: 'country_iso', type: 'char', length: 2 })
  countryIso!: string;

  @Column({ type: 'varchar', length: 12 })
  state!: PhoneNumberState;

  /** RESERVED: until when it is kept for the customer whose subscription expired. */
  @Column({ name: 'reserved_until', type: 'timestamptz', nullable: true })
  reservedUntil!: Date | null;

  /** QUARANTINED: until when it may not be given to anyone. */
  @Column({ name: 'quarantined_until', type: 'timestamptz', nullable: true })
  quarantinedUntil!: Date | null;

  /** RESERVED or QUARANTINED: the customer whose number it was. */
  @Column({ name: 'held_for_user_id', type: 'uuid', nullable: true })
  heldForUserId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
