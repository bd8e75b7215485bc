import { createHash } from 'node:crypto';
import { StreamNotFoundError, type EventStore } from '@agent-ledger/event-store';
import type { ErasedSessionFacts } from '@agent-ledger/events';

/**
 * The structure of a session about to be erased, read from its stream: how many events of each
 * type, its first and last times, and the sha256 of its event ids in revision order (one per
 * line), which proves later which events went without keeping any of them. `undefined` when the
 * stream does not exist (nothing to erase).
 */
export async function readErasedSessionFacts(
  store: EventStore,
  streamName: string,
  sessionId: string,
): Promise<ErasedSessionFacts | undefined> {
  const digest = createHash('sha256');
  const eventsByType: Record<string, number> = {};
  let events = 0;
  let lastRevision = -1;
  let firstRecordedAt: string | undefined;
  let lastRecordedAt: string | undefined;
  try {
    for await (const recorded of store.readStream(streamName)) {
      digest.update(`${recorded.id}\n`);
      eventsByType[recorded.type] = (eventsByType[recorded.type] ?? 0) + 1;
      events += 1;
      lastRevision = recorded.revision;
      firstRecordedAt ??= recorded.createdAt;
      lastRecordedAt = recorded.createdAt;
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
  if (events === 0) return undefined;
  return {
    sessionId,
    streamName,
    events,
    lastRevision,
    eventsByType,
    eventIdsDigest: `sha256:${digest.digest('hex')}`,
    ...(firstRecordedAt === undefined ? {} : { firstRecordedAt }),
    ...(lastRecordedAt === undefined ? {} : { lastRecordedAt }),
  };
}
