import { QUEUE_CONNECTION, QUEUE_PREFIX, QueueConnection } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { NumbersConfig } from '../config/numbers.config.js';
import { LOST_WORK_SWEEP_MS } from '../queue/queues.constants.js';
import { BullSmsWebhookQueue, SmsWebhookQueue } from '../queue/sms-webhook.queue.js';
import { PhoneNumberProvider } from '../twilio/phone-number-provider.port.js';
import { TwilioPhoneNumberProvider } from '../twilio/twilio-phone-numbers.adapter.js';
import { AllocationRepository, TypeOrmAllocationRepository } from './allocation.repository.js';
import { AllocationService } from './allocation.service.js';
import { SMS_WEBHOOK_URL, SmsWebhookWorker } from './sms-webhook.worker.js';
import { WaitingController } from './waiting.controller.js';

/** Numbers to MFAs: allocation, the waiting list, and pointing an assigned number's SMS webhook (Twilio, BullMQ). */
@Module({})
export class AllocationModule {
  static forRoot(config: NumbersConfig): DynamicModule {
    const connection = new QueueConnection(config.REDIS_URL);
    const prefix = `${config.REDIS_KEY_PREFIX}${config.KAFKA_TOPIC_PREFIX}bull`;
    return {
      module: AllocationModule,
      controllers: [WaitingController],
      providers: [
        { provide: QueueConnection, useValue: connection },
        { provide: QUEUE_CONNECTION, useValue: connection.redis },
        { provide: QUEUE_PREFIX, useValue: prefix },
        { provide: LOST_WORK_SWEEP_MS, useValue: config.LOST_WORK_SWEEP_SECONDS * 1000 },
        {
          provide: SMS_WEBHOOK_URL,
          useValue: `${config.PUBLIC_API_URL.replace(/\/+$/, '')}/api/webhooks/twilio/sms`,
        },
        { provide: SmsWebhookQueue, useValue: new BullSmsWebhookQueue(connection.redis, prefix) },
        {
          provide: PhoneNumberProvider,
          useValue: new TwilioPhoneNumberProvider({
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            apiUrl: config.TWILIO_API_URL,
          }),
        },
        { provide: AllocationRepository, useClass: TypeOrmAllocationRepository },
        AllocationService,
        SmsWebhookWorker,
      ],
      exports: [AllocationService, QUEUE_CONNECTION, QUEUE_PREFIX, LOST_WORK_SWEEP_MS],
    };
  }
}
