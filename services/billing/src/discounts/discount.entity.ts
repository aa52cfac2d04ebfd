import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type DiscountType = 'FLAT' | 'PERCENTAGE';

/** numeric columns arrive from node-postgres as strings. */
const decimal = { to: (value: number) => value, from: (value: string) => Number(value) };

/**
 * A discount code (admin-area "Discount"): FLAT takes `value` dollars off, PERCENTAGE takes `value`
 * per cent. Codes are unique whatever their case; a code is used once per completed purchase, at
 * most `maxNoUsage` times.
 */
@Entity({ name: 'discount' })
export class Discount {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  code!: string;

  @Column({ name: 'discount_type', type: 'varchar', length: 10 })
  discountType!: DiscountType;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: decimal })
  value!: number;

  @Column({ name: 'max_no_usage', type: 'integer' })
  maxNoUsage!: number;

  @Column({ name: 'used_count', type: 'integer', default: 0 })
  usedCount!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'expiry_date', type: 'timestamptz' })
  expiryDate!: Date;

  /** Set when an administrator deleted it: kept for the purchases that used it, it no longer applies. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
