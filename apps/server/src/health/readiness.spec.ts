import type { HealthResponse } from '@agent-ledger/client';
import { readiness } from './readiness';

const health = (
  headPosition: number | null,
  readModels: HealthResponse['readModels'],
  readOnly = false,
): HealthResponse => ({
  status: readOnly ? 'degraded' : 'ok',
  store: { kind: 'sqlite', headPosition },
  storage: {
    status: readOnly ? 'degraded' : 'ok',
    freeBytes: 0,
    ...(readOnly ? { readOnly } : {}),
  },
  readModels,
});

describe('readiness', () => {
  it('is ready when the read models are within the lag', () => {
    expect(readiness(health(1040, { position: 40, behind: 1000 }), 1000)).toEqual({
      status: 'ready',
      writable: true,
      store: { kind: 'sqlite', headPosition: 1040 },
      readModels: { position: 40, behind: 1000, maxLag: 1000 },
    });
  });

  it('is not ready during a rebuild from scratch, with the whole log as the lag', () => {
    expect(readiness(health(148_528, { position: null, behind: null }), 1000)).toEqual({
      code: 'ReadModelsBehind',
      message:
        'The read models are 148528 positions behind the log (READY_MAX_LAG is 1000): queries would miss recent sessions and messages.',
      status: 'not-ready',
      writable: true,
      store: { kind: 'sqlite', headPosition: 148_528 },
      readModels: { position: null, behind: 148_528, maxLag: 1000 },
    });
  });

  it('is not ready one position past the lag', () => {
    expect(readiness(health(1041, { position: 40, behind: 1001 }), 1000).status).toEqual(
      'not-ready',
    );
  });

  it('is ready on an empty log, and says a read-only server is not writable', () => {
    expect(readiness(health(null, { position: null, behind: null }, true), 0)).toEqual({
      status: 'ready',
      writable: false,
      store: { kind: 'sqlite', headPosition: null },
      readModels: { position: null, behind: 0, maxLag: 0 },
    });
  });
});
