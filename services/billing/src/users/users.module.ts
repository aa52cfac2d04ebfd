import { type DynamicModule, Module } from '@nestjs/common';
import { UsersSubscriber } from './users.subscriber.js';

/** What billing does when identity's users change; `customers` is the app's one `CustomersModule`. */
@Module({})
export class UsersModule {
  static forRoot(customers: DynamicModule): DynamicModule {
    return { module: UsersModule, imports: [customers], controllers: [UsersSubscriber] };
  }
}
