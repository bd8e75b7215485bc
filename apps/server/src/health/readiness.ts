import type { HealthResponse, ReadyResponse } from '@agent-ledger/client';

/** Why a server that answers is not ready: its read models lag (the 503 body of `/health/ready`). */
export interface NotReady {
  code: 'ReadModelsBehind';
  message: string;
  status: 'not-ready';
  writable: boolean;
  store: ReadyResponse['store'];
  readModels: ReadyResponse['readModels'];
}

/**
 * What `GET /health/ready` answers for a store that answered: ready while the read models are at
 * most `maxLag` positions behind the head. While a handler has processed nothing (a rebuild from
 * scratch: `position` null), the lag is the whole log, up to `headPosition`; an empty log is
 * never behind. A server started read-only is ready for reads, `writable: false`.
 */
export function readiness(health: HealthResponse, maxLag: number): ReadyResponse | NotReady {
  const head = health.store.headPosition;
  const behind = head === null ? 0 : (health.readModels.behind ?? head);
  const writable = health.storage.readOnly !== true;
  const readModels = { position: health.readModels.position, behind, maxLag };
  if (behind <= maxLag) return { status: 'ready', writable, store: health.store, readModels };
  return {
    code: 'ReadModelsBehind',
    message: `The read models are ${behind} positions behind the log (READY_MAX_LAG is ${maxLag}): queries would miss recent sessions and messages.`,
    status: 'not-ready',
    writable,
    store: health.store,
    readModels,
  };
}
