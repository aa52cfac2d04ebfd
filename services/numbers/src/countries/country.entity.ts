import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'country' })
export class Country {
  @PrimaryGeneratedColumn('identity', { name: 'country_id', type: 'smallint' })
  id!: number;

  @Column({ name: 'iso_code', type: 'char', length: 2 })
  isoCode!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ name: 'dialling_code', type: 'varchar', length: 5 })
  diallingCode!: string;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;
}
