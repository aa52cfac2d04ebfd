import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { EmailModule } from '../email/email.module.js';
import { OwnerNoticesModule } from '../owner-notices/owner-notices.module.js';
import { SeenServicesRepository } from './seen-services.repository.js';
import { ServiceTripwireService } from './service-tripwire.service.js';

/** The new-service tripwire: the services seen on each number, and the owner's notice of a new one. */
@Module({})
export class TripwireModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: TripwireModule,
    imports: [
      EmailModule.forRoot(config),
      DirectoryModule.forRoot(config),
      OwnerNoticesModule.forRoot(config),
    ],
    providers: [SeenServicesRepository, ServiceTripwireService],
    exports: [ServiceTripwireService],
  }));
}
