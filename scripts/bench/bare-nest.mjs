// The baseline: a bare NestJS app answering one route from memory with the same body the gateway
// returns, on the HTTP adapter BARE_ADAPTER names (express or fastify, as the gateway and services
// may run on either). No session, no service call, no database.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

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

const adapter = process.env.BARE_ADAPTER === 'fastify' ? new FastifyAdapter() : new ExpressAdapter();
const app = await NestFactory.create(BareModule, adapter, { logger: false });
await app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
