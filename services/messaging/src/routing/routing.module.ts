import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DestinationsModule } from '../destinations/destinations.module.js';
import { ForwardingModule } from '../forwarding/forwarding.module.js';
import { MessageLogModule } from '../message-log/message-log.module.js';
import { HeldMessagesService } from './held-messages.service.js';
import { RoutingController } from './routing.controller.js';
import { RoutingService } from './routing.service.js';

/**
 * The owner's side of routing: the rules and the "hold unknown senders" setting, and the held texts
 * (released through forwarding's plan). Forwarding applies the rules (`RoutingRepository`).
 */
@Module({})
export class RoutingModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: RoutingModule,
    imports: [DestinationsModule.forRoot(config), ForwardingModule.forRoot(config), MessageLogModule],
    providers: [RoutingService, HeldMessagesService],
    controllers: [RoutingController],
  }));
}
