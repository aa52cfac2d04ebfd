import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminMfasController } from './admin-mfas.controller.js';
import { Mfa } from './mfa.entity.js';
import { MfaDeletionService } from './mfa-deletion.service.js';
import { MfasController } from './mfas.controller.js';
import { MfasRepository, TypeOrmMfasRepository } from './mfas.repository.js';
import { MfasService } from './mfas.service.js';
import { OwnerStandingService } from './owner-standing.service.js';
import { PurchasesSubscriber } from './purchases.subscriber.js';
import { UserStandingRepository } from './user-standing.repository.js';
import { UsersSubscriber } from './users.subscriber.js';

/** MultiMFAs and RoboMFAs: completed purchases applied once, each user's own list, their owner's standing; `allocation` and `holding` are the app's one `AllocationModule` and `NumberHoldingModule`. */
@Module({})
export class MfasModule {
  static forRoot(allocation: DynamicModule, holding: DynamicModule): DynamicModule {
    return {
      module: MfasModule,
      imports: [TypeOrmModule.forFeature([Mfa]), allocation, holding],
      controllers: [MfasController, PurchasesSubscriber, UsersSubscriber, AdminMfasController],
      providers: [
        MfasService,
        MfaDeletionService,
        OwnerStandingService,
        UserStandingRepository,
        { provide: MfasRepository, useClass: TypeOrmMfasRepository },
      ],
    };
  }
}
