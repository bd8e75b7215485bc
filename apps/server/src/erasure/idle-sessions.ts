import { splitSessionKey } from '@agent-ledger/events';
import type { SessionListReader } from '@agent-ledger/read-models';

/**
 * The public ids of the sessions of `tenant` the session list says were last active before
 * `idleBefore` (oldest activity first is not promised: the list's order, newest first), leaving
 * out those whose content was already stripped. The erasure checks each against the log again.
 */
export function idleSessions(
  sessions: SessionListReader,
  tenant: string,
  idleBefore: string,
): string[] {
  const cutoff = Date.parse(idleBefore);
  const idle: string[] = [];
  let beforePosition: number | undefined;
  for (;;) {
    const page = sessions.page({
      limit: 500,
      tenant,
      ...(beforePosition === undefined ? {} : { beforePosition }),
    });
    for (const summary of page.sessions) {
      if (summary.contentErased === true) continue;
      if (Date.parse(summary.lastActivityAt) < cutoff) {
        idle.push(splitSessionKey(summary.sessionId).sessionId);
      }
    }
    if (page.nextPosition === undefined) return idle;
    beforePosition = page.nextPosition;
  }
}

/** The tenants the session list holds sessions of. */
export function tenantsWithSessions(sessions: SessionListReader): string[] {
  const tenants = new Set<string>();
  let beforePosition: number | undefined;
  for (;;) {
    const page = sessions.page({
      limit: 500,
      ...(beforePosition === undefined ? {} : { beforePosition }),
    });
    for (const summary of page.sessions) tenants.add(splitSessionKey(summary.sessionId).tenant);
    if (page.nextPosition === undefined) return [...tenants];
    beforePosition = page.nextPosition;
  }
}
