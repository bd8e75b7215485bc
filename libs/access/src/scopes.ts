/**
 * What a key may do. `read`: read models, model context, search, analytics, the live transcript.
 * `write`: appends and commands, imports. `audit`: raw events, unredacted views, export.
 * `admin`: the tenant's keys (and everything `erase` may). `erase`: erasures (`DELETE
 * /v1/sessions/:id`, `/v1/erasures`) and retention runs.
 */
export const SCOPES = ['read', 'write', 'audit', 'admin', 'erase'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes another one implies: `admin` may erase. */
const IMPLIED_BY: Partial<Record<Scope, Scope>> = { erase: 'admin' };

/** Whether a key holding `scopes` may do what `scope` allows (directly, or through `admin`). */
export function grantsScope(scopes: ReadonlySet<Scope>, scope: Scope): boolean {
  const implying = IMPLIED_BY[scope];
  return scopes.has(scope) || (implying !== undefined && scopes.has(implying));
}
