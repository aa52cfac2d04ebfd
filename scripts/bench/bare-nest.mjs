// The baseline: a bare NestJS app (same Nest, same Express adapter) answering one route from memory
// with the same body the gateway returns. No session, no service call, no database.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const body = JSON.parse(process.env.BARE_BODY ?? '{}');

class BareController {
  read() {
    return body;
  }
}
Controller('api')(BareController);
const descriptor = Object.getOwnPropertyDescriptor(BareController.prototype, 'read');
Get('read')(BareController.prototype, 'read', descriptor);

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, { logger: false });
await app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
