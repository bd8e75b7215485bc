import { SetMetadata } from '@nestjs/common';
import type { Scope } from '@agent-ledger/access';

export const REQUIRED_SCOPE = Symbol('RequiredScope');

/** The scope a `/v1` route needs. Every `/v1` route names one; the guard refuses routes that do not. */
export const RequiresScope = (scope: Scope): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_SCOPE, scope);
