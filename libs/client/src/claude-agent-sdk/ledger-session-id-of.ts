import type { SessionKey } from './session-store-types';

/**
 * The ledger session that holds a Claude Agent SDK session: `<prefix>cc-<digest of projectKey>-
 * <sessionId>`, so that stores with other prefixes, and projects, sharing one server never meet
 * (the SDK's session ids are unique, but a store must keep projects apart whatever they hold).
 * A sub-agent's transcript (`subagents/agent-<id>`) is the parent's raw entries' subpath, and
 * its runtime messages the session `<ledger session>.agent-<id>` (as the Claude Code importer
 * names it).
 */
export function ledgerSessionIdOf(prefix: string, key: Omit<SessionKey, 'subpath'>): string {
  return `${projectPrefixOf(prefix, key.projectKey)}${key.sessionId}`;
}

/** What every ledger session of a store's project starts with. */
export function projectPrefixOf(prefix: string, projectKey: string): string {
  return `${prefix}cc-${digestOf(projectKey)}-`;
}

/** The session the importer maps a subpath's entries to (`subagents/agent-x` → `….agent-x`). */
export function subpathSessionIdOf(ledgerSessionId: string, subpath: string): string {
  return `${ledgerSessionId}.${subpath.split('/').at(-1) ?? subpath}`;
}

/** 64 bits of FNV-1a over the UTF-16 code units, as 16 hex digits: short, stable, no I/O. */
function digestOf(text: string): string {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193) >>> 0;
    low = Math.imul(low ^ code ^ (high >>> 8), 0x01000193) >>> 0;
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}
