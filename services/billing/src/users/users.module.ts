import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { UsersSubscriber } from './users.subscriber.js';

/** What billing does when identity's users change. */
@Module({ imports: [CustomersModule], controllers: [UsersSubscriber] })
export class UsersModule {}
