import type { ErasureReceipt } from '@agent-ledger/session-commands';

/** An erasure receipt as text: what went, when, who asked; never content. */
export function renderReceipt(receipt: ErasureReceipt): string {
  const lines = [
    `Erasure ${receipt.erasureId} (${receipt.status}): ${receipt.action}, ${receipt.reason === 'retention' ? `retention, idle over ${receipt.maxIdle ?? '?'}` : 'requested'} via ${receipt.requestedBy.via}${receipt.requestedBy.keyId === undefined ? '' : ` by key ${receipt.requestedBy.keyId}`}`,
    ...(receipt.subjectId === undefined ? [] : [`  subject: ${receipt.subjectId}`]),
    `  requested ${receipt.requestedAt}${receipt.completedAt === undefined ? '' : `, completed ${receipt.completedAt}`}`,
    ...(receipt.erasedEvents === undefined
      ? []
      : [
          `  ${receipt.erasedEvents} events erased${receipt.physical === true ? ' (bytes gone from the files)' : ' (bytes kept by the store until it reclaims them)'}, ${receipt.contentKeysDestroyed ?? 0} content keys destroyed`,
        ]),
    ...(receipt.sessions.length === 0 ? ['  no session'] : []),
    ...receipt.sessions.map(
      (session) =>
        `  ${session.sessionId}: ${session.events} events (${Object.entries(session.eventsByType)
          .map(([type, count]) => `${type} ${count}`)
          .join(', ')}), ${session.eventIdsDigest}`,
    ),
  ];
  return lines.join('\n');
}
