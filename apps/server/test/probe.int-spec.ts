import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { CqrsModule } from '@nestjs/cqrs';
import { v5 } from 'uuid';

@Module({ imports: [CqrsModule.forRoot()] })
class M {}

it('boots', async () => {
  const app = await NestFactory.create(M, new FastifyAdapter(), { logger: false });
  await app.init();
  expect(typeof v5).toBe('function');
  await app.close();
});
