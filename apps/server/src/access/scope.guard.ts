import { grantsScope } from '@agent-ledger/access';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from './access-errors';
import { callerOfRequest } from './caller';
import { REQUIRED_SCOPE, type RouteAccess } from './requires-scope.decorator';

/**
 * Checks the caller's scopes against the route's `@RequiresScope`. Fails closed both ways: a
 * route the authentication set a caller for (a `/v1` route) without a declared scope is refused
 * (a route added without thinking about access is not silently open), and a route that declares
 * one but was reached without a caller (by a path the authentication did not see) is 401.
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(REQUIRED_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const caller = callerOfRequest(request);
    if (access === undefined) {
      // Health and the docs: no caller, no scope.
      if (caller === undefined) return true;
      throw new Error(`Route ${request.method} ${request.url} declares no scope (@RequiresScope).`);
    }
    if (caller === undefined) throw new UnauthorizedError('missing');
    if (access !== 'any' && !grantsScope(caller.scopes, access)) {
      throw new ForbiddenError(
        access,
        `${request.method} ${request.routeOptions.url ?? request.url}`,
      );
    }
    return true;
  }
}
