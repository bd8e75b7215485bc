import {
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SessionNotFoundError, sessionKeyOf } from '@agent-ledger/events';
import type { SessionErasure } from '@agent-ledger/session-commands';
import type { FastifyRequest } from 'fastify';
import { callerOfRequest } from '../access/caller';
import { SESSION_ERASURE } from '../tokens';

const SERVES_ERASING_SESSION = Symbol('ServesErasingSession');

/** Marks a route that still answers for a session being erased (the erasure itself). */
export const ServesErasingSession = (): MethodDecorator =>
  SetMetadata(SERVES_ERASING_SESSION, true);

/**
 * From the moment an erasure is journaled until its receipt is written, every route that names a
 * session being erased (`:sessionId`) answers 404 `SessionNotFound`, reads and writes alike: no
 * half-erased session is ever served.
 */
@Injectable()
export class ErasingSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SESSION_ERASURE) private readonly erasure: SessionErasure,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.get<boolean | undefined>(SERVES_ERASING_SESSION, context.getHandler())) {
      return true;
    }
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const params = request.params as Record<string, unknown> | undefined;
    const sessionId = params?.['sessionId'];
    const caller = callerOfRequest(request);
    if (typeof sessionId !== 'string' || caller === undefined) return true;
    if (this.erasure.isErasing(sessionKeyOf(caller.tenant, sessionId))) {
      throw new SessionNotFoundError(sessionId);
    }
    return true;
  }
}
