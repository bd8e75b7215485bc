/**
 * What a key may do. `read`: read models, model context, search, analytics, the live transcript.
 * `write`: appends and commands, imports. `audit`: raw events, unredacted views, export.
 * `admin`: the tenant's keys.
 */
export const SCOPES = ['read', 'write', 'audit', 'admin'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
