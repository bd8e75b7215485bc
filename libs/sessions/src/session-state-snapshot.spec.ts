import fc from 'fast-check';
import { evolveSession } from './evolve-session';
import { initialSessionState } from './initial-session-state';
import { restoreSessionState } from './restore-session-state';
import type { SessionState } from './session-state';
import { SESSION_STATE_SNAPSHOT_VERSION } from './session-state-snapshot';
import { snapshotSessionState } from './snapshot-session-state';
import { seedExampleEvents } from './testing/decider-fixtures';

const ids = fc.array(fc.string(), { maxLength: 8 });
const count = fc.nat({ max: 1_000_000 });

/** Any decider state: every map and set, any ids, any counters. */
const sessionState: fc.Arbitrary<SessionState> = fc
  .record({
    status: fc.constantFrom('new' as const, 'active' as const, 'ended' as const),
    subjectId: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
    messageFingerprints: fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 }),
    toolCallIds: ids,
    answeredToolCallIds: ids,
    approvalIds: ids,
    answeredApprovalIds: ids,
    boundaryIds: ids,
    summarizedBoundaryIds: ids,
    toolResults: fc.array(
      fc.tuple(fc.string(), fc.record({ length: count, userTurn: count, pruned: fc.boolean() })),
      { maxLength: 8 },
    ),
    userTurns: count,
    modelCalls: fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 4 }),
    generationResponseCounts: fc.array(fc.tuple(fc.string(), count), { maxLength: 4 }),
  })
  .map((value) => ({
    ...value,
    messageFingerprints: new Map(value.messageFingerprints),
    toolCallIds: new Set(value.toolCallIds),
    answeredToolCallIds: new Set(value.answeredToolCallIds),
    approvalIds: new Set(value.approvalIds),
    answeredApprovalIds: new Set(value.answeredApprovalIds),
    boundaryIds: new Set(value.boundaryIds),
    summarizedBoundaryIds: new Set(value.summarizedBoundaryIds),
    toolResults: new Map(value.toolResults),
    modelCalls: new Map(value.modelCalls),
    generationResponseCounts: new Map(value.generationResponseCounts),
  }));

/** Through storage: JSON text and back. */
const stored = (state: SessionState): unknown =>
  JSON.parse(JSON.stringify(snapshotSessionState(state))) as unknown;

describe('session state snapshots', () => {
  it('restore what was snapshotted, for any state', () => {
    fc.assert(
      fc.property(sessionState, (state) =>
        expect(restoreSessionState(stored(state))).toEqual(state),
      ),
    );
  });

  it('restore the folded seed example, which then folds on like the original', () => {
    const state = seedExampleEvents.reduce(evolveSession, initialSessionState());
    const restored = restoreSessionState(stored(state));
    expect(restored).toEqual(state);
    const [first] = seedExampleEvents;
    expect(evolveSession(restored!, first!)).toEqual(evolveSession(state, first!));
  });

  it('refuse another version, a damaged field or anything else (the caller folds the log instead)', () => {
    const good = snapshotSessionState(
      seedExampleEvents.reduce(evolveSession, initialSessionState()),
    );
    expect(
      restoreSessionState({ ...good, version: SESSION_STATE_SNAPSHOT_VERSION + 1 }),
    ).toBeUndefined();
    expect(restoreSessionState({ ...good, status: 'paused' })).toBeUndefined();
    expect(restoreSessionState({ ...good, userTurns: -1 })).toBeUndefined();
    expect(restoreSessionState({ ...good, messageFingerprints: ['m1'] })).toBeUndefined();
    expect(restoreSessionState({ ...good, toolCallIds: [1] })).toBeUndefined();
    expect(restoreSessionState({ ...good, toolResults: ['m4', 45, 1, 2] })).toBeUndefined();
    expect(restoreSessionState({ ...good, generationResponseCounts: ['g1', 'x'] })).toBeUndefined();
    expect(restoreSessionState({ ...good, boundaryIds: undefined })).toBeUndefined();
    expect(restoreSessionState(null)).toBeUndefined();
    expect(restoreSessionState('{}')).toBeUndefined();
  });
});
