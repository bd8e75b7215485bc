import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { callerOf, type Caller } from './caller';

/** The request's `Caller` as a handler parameter. */
export const CallerParam = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    callerOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
