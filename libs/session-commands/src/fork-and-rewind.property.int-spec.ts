import fc from 'fast-check';
import { SqliteEventStore } from '@agent-ledger/event-store';
import type { SessionEvent } from '@agent-ledger/events';
import { ModelContextReader, type ModelContextQuery } from '@agent-ledger/model-context';
import { appendSessionEvents, arbitrarySessionHistory } from '@agent-ledger/testing';
import { SessionCommandRunner } from './session-command-runner';

/** Every format the model-context route takes, for every provider family and none. */
const FORMATS = ['model', 'ai-sdk', 'ai-sdk-prompt', 'compact', 'compact-prompt'] as const;
const PROVIDERS = [undefined, 'anthropic', 'openai', 'openai.chat', 'google'] as const;
const QUERIES: ModelContextQuery[] = FORMATS.flatMap((format) =>
  PROVIDERS.map((provider) => ({
    format,
    ...(provider === undefined ? {} : { provider }),
  })),
);

/** What a model context gives a model: its messages, and the system text of the prompt formats. */
function sent(context: Awaited<ReturnType<ModelContextReader['load']>>): unknown {
  return { messages: context.messages, system: 'system' in context ? context.system : undefined };
}

const clock = () => '2026-06-01T00:00:00.000Z';

/** Source `s1` with `events`, a runner and a reader over one in-memory store. */
async function fixture(events: readonly SessionEvent[]) {
  const store = new SqliteEventStore({ path: ':memory:', pollIntervalMs: 20 });
  await appendSessionEvents(store, 's1', events);
  const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
  const reader = new ModelContextReader(store);
  return { store, runner, reader };
}

async function contextsAt(
  reader: ModelContextReader,
  sessionId: string,
  atRevision?: number,
): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const query of QUERIES) {
    answers.push(
      sent(
        await reader.load(sessionId, {
          ...query,
          ...(atRevision === undefined ? {} : { atRevision }),
        }),
      ),
    );
  }
  return answers;
}

describe('fork and rewind, over generated histories', () => {
  it("a fork's model context at its start equals the source's at the revision, in every format and for every provider", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1, maxSteps: 25 }),
        fc.nat(),
        async (events, pick) => {
          const { store, runner, reader } = await fixture(events);
          try {
            const revision = pick % events.length;
            const expected = await contextsAt(reader, 's1', revision);
            const fork = await runner.fork(
              { sessionId: 'f1', sourceSessionId: 's1', atRevision: revision },
              async () => {
                const window = await reader.windowEvents('s1', revision);
                return {
                  source: { sessionId: 's1', revision: window.revision },
                  events: window.events.map((logged) => logged.event),
                };
              },
            );
            expect(fork.forkedFrom).toEqual({ sessionId: 's1', revision });
            expect(await contextsAt(reader, 'f1')).toEqual(expected);
            // Forks of forks: the fork's own head, forked again, still answers the same.
            await runner.fork({ sessionId: 'f2', sourceSessionId: 'f1' }, async () => {
              const window = await reader.windowEvents('f1');
              return {
                source: { sessionId: 'f1', revision: window.revision },
                events: window.events.map((logged) => logged.event),
              };
            });
            expect(await contextsAt(reader, 'f2')).toEqual(expected);
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a rewound session's model context equals its model context at the revision, in every format and for every provider, and the old branch still answers", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1, maxSteps: 25 }),
        fc.nat(),
        async (history, pick) => {
          // An ended session is not rewound.
          const events = history.filter((event) => event.type !== 'SessionEnded');
          const { store, runner, reader } = await fixture(events);
          try {
            const revision = pick % events.length;
            const head = events.length - 1;
            const expected = await contextsAt(reader, 's1', revision);
            const beforeRewind = await contextsAt(reader, 's1');
            const rewound = await runner.rewind({
              sessionId: 's1',
              target: { toRevision: revision },
            });
            expect(rewound.toRevision).toBe(revision);
            expect(await contextsAt(reader, 's1')).toEqual(expected);
            expect(await contextsAt(reader, 's1', head)).toEqual(beforeRewind);
            // A reader that never saw the session (no cached views or history) agrees.
            expect(await contextsAt(new ModelContextReader(store), 's1')).toEqual(expected);
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
