import { SetMetadata } from '@nestjs/common';
import type { Scope } from '@agent-ledger/access';

export const REQUIRED_SCOPE = Symbol('RequiredScope');

/** What a `/v1` route needs: a scope, or `any` valid key (or an open server). */
export type RouteAccess = Scope | 'any';

/** The access a `/v1` route needs. Every `/v1` route names one; the guard refuses routes that do not. */
export const RequiresScope = (access: RouteAccess): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_SCOPE, access);
