import type { EventStore } from '@agent-ledger/event-store';
import type { EventStoreKind } from '@agent-ledger/config';

/** What `GET /health` says of the event store. */
export type EventStoreHealth =
  | { status: 'ok'; store: { kind: EventStoreKind; headPosition: number | null } }
  | { status: 'unavailable'; store: { kind: EventStoreKind }; reason: string };

/**
 * Asks the store for the head of `$all` (one small read) and waits at most `timeoutMs`: a store
 * that fails or does not answer in time is `unavailable`, with the reason. EventStoreDB's client
 * would otherwise wait for a connection up to its own deadline (10 s), too long for a health probe.
 */
export async function checkEventStore(
  store: Pick<EventStore, 'headPosition'>,
  kind: EventStoreKind,
  timeoutMs: number,
): Promise<EventStoreHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const head = store.headPosition();
  // The read goes on after a timeout; its late failure must not be an unhandled rejection.
  head.catch(() => undefined);
  try {
    const answer = await Promise.race([head, timedOut]);
    if (answer === 'timeout') {
      return { status: 'unavailable', store: { kind }, reason: `no answer within ${timeoutMs} ms` };
    }
    return { status: 'ok', store: { kind, headPosition: answer } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'unavailable', store: { kind }, reason };
  } finally {
    clearTimeout(timer);
  }
}
