import fc from 'fast-check';
import { currentLine, rewoundRange, type RevisionedEvent } from './current-line';
import type { SessionEvent } from './session-event';

const message = (id: string): SessionEvent => ({
  type: 'UserInputRecorded',
  data: {
    id,
    sessionId: 's1',
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T09:00:00Z',
    content: id,
  },
});

const rewind = (toRevision: number, fromRevision: number): SessionEvent => ({
  type: 'SessionRewound',
  data: { sessionId: 's1', toRevision, fromRevision, rewoundAt: '2026-04-08T09:00:00Z' },
});

/**
 * A log built by steps: a message, or a rewind to a revision picked among those on the current
 * line (as the decider accepts them).
 */
function logOf(steps: ReadonlyArray<{ rewind: boolean; pick: number }>): RevisionedEvent[] {
  const log: RevisionedEvent[] = [
    {
      revision: 0,
      event: {
        type: 'SessionStarted',
        data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z' },
      },
    },
  ];
  for (const step of steps) {
    const revision = log.length;
    if (step.rewind) {
      const line = currentLine(log);
      const target = line[step.pick % line.length] as RevisionedEvent;
      log.push({ revision, event: rewind(target.revision, revision - 1) });
    } else {
      log.push({ revision, event: message(`m${revision}`) });
    }
  }
  return log;
}

describe('currentLine', () => {
  it('jumps over what each rewind undid, and starts from the last event given', () => {
    const log = logOf([
      { rewind: false, pick: 0 }, // 1
      { rewind: false, pick: 0 }, // 2
      { rewind: false, pick: 0 }, // 3
      { rewind: true, pick: 1 }, // 4: to revision 1
      { rewind: false, pick: 0 }, // 5
    ]);
    expect(currentLine(log).map((logged) => logged.revision)).toEqual([0, 1, 4, 5]);
    expect(currentLine(log.slice(0, 4)).map((logged) => logged.revision)).toEqual([0, 1, 2, 3]);
  });

  it('equals the forward fold the read models use (each rewind drops the revisions of its range), for rewinds to revisions on the line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rewind: fc.boolean(), pick: fc.nat() }), { maxLength: 40 }),
        (steps) => {
          const log = logOf(steps);
          const kept = new Set<number>();
          for (const logged of log) {
            const range = rewoundRange(logged);
            if (range !== undefined) {
              for (const revision of [...kept]) {
                if (revision > range.toRevision && revision < range.beforeRevision) {
                  kept.delete(revision);
                }
              }
            }
            kept.add(logged.revision);
          }
          expect(currentLine(log).map((logged) => logged.revision)).toEqual([...kept]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes revisions with gaps (events skipped as unreadable)', () => {
    const log: RevisionedEvent[] = [
      { revision: 0, event: message('a') },
      { revision: 2, event: message('b') },
      { revision: 5, event: message('c') },
      { revision: 6, event: rewind(3, 5) },
    ];
    expect(currentLine(log).map((logged) => logged.revision)).toEqual([0, 2, 6]);
  });
});
