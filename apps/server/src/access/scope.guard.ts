import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Scope } from '@agent-ledger/access';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from './access-errors';
import { callerOf } from './caller';
import { isApiPath } from './authenticate-requests';
import { REQUIRED_SCOPE } from './requires-scope.decorator';

/**
 * Checks the caller's scopes against the route's `@RequiresScope`. A `/v1` route without one is
 * refused (fail closed: a route added without thinking about access is not silently open).
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isApiPath(request.url)) return true;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (scope === undefined) {
      throw new Error(`Route ${request.method} ${request.url} declares no scope (@RequiresScope).`);
    }
    const caller = callerOf(request);
    if (!caller.scopes.has(scope)) {
      throw new ForbiddenError(
        scope,
        `${request.method} ${request.routeOptions.url ?? request.url}`,
      );
    }
    return true;
  }
}
