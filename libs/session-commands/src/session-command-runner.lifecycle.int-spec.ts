import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import type { AssistantTextMessage, RuntimeMessage } from '@agent-ledger/messages';
import { ModelContextReader } from '@agent-ledger/model-context';
import { SessionRuleError } from '@agent-ledger/sessions';
import { SqliteDeciderSnapshots } from './decider-snapshots';
import { ForkTargetExistsError } from './fork-errors';
import { SessionCommandRunner } from './session-command-runner';

const clock = () => '2026-04-08T10:00:00.000Z';

function text(id: string, content = `text ${id}`, sessionId = 's1'): AssistantTextMessage {
  return { id, sessionId, kind: 'assistant_text', role: 'assistant', createdAt: clock(), content };
}

function call(id: string, toolCallId: string): RuntimeMessage {
  return {
    id,
    sessionId: 's1',
    kind: 'tool_call',
    role: 'assistant',
    createdAt: clock(),
    content: [{ type: 'tool-call', toolCallId, toolName: 'read', input: { path: 'a' } }],
  };
}

function result(id: string, toolCallId: string, output: string): RuntimeMessage {
  return {
    id,
    sessionId: 's1',
    kind: 'tool_result',
    role: 'tool',
    createdAt: clock(),
    content: [
      {
        type: 'tool-result',
        toolCallId,
        toolName: 'read',
        output: { type: 'text', value: output },
      },
    ],
  };
}

describe('SessionCommandRunner: rewinds and forks', () => {
  let store: SqliteEventStore;
  let runner: SessionCommandRunner;
  let reader: ModelContextReader;

  beforeEach(() => {
    store = new SqliteEventStore({
      path: ':memory:',
      validatePayload: validateSessionEventPayload,
    });
    runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    reader = new ModelContextReader(store);
  });

  afterEach(async () => {
    await store.close();
  });

  const append = (messages: RuntimeMessage[], sessionId = 's1') =>
    runner.run({ type: 'AppendMessages', sessionId, messages });
  const firstData = async (streamName: string) => {
    const data: unknown[] = [];
    for await (const recorded of store.readStream(streamName, { maxCount: 1 })) {
      data.push(recorded.data);
    }
    return data;
  };
  const contentOf = async (sessionId = 's1') =>
    (await reader.load(sessionId)).messages.map((message) =>
      'content' in message ? message.content : undefined,
    );

  it('lets new messages reuse the message and tool-call ids a rewind undid, under event ids of their own', async () => {
    await append([text('a1'), call('c1', 'tc1'), result('r1', 'tc1', 'first')]);
    const rewound = await runner.rewind({ sessionId: 's1', target: { toMessageId: 'a1' } });
    expect(rewound).toMatchObject({ toRevision: 1, revision: 4, rewoundMessageIds: ['c1', 'r1'] });
    const again = await append([call('c1', 'tc1'), result('r1', 'tc1', 'second')]);
    expect(again.revision).toBe(6);
    const ids: string[] = [];
    for await (const recorded of store.readStream('session-s1')) ids.push(recorded.id);
    expect(new Set(ids).size).toBe(ids.length);
    const context = await reader.load('s1');
    expect(JSON.stringify(context.messages)).toContain('second');
    expect(JSON.stringify(context.messages)).not.toContain('first');
  });

  it('answers a retried rewind without appending, and refuses a target the rewind undid (RevisionRewound) or past the head', async () => {
    await append([text('a1'), text('a2'), text('a3')]);
    const first = await runner.rewind({ sessionId: 's1', target: { toRevision: 1 } });
    const retried = await runner.rewind({ sessionId: 's1', target: { toRevision: 1 } });
    expect(retried).toMatchObject({ revision: first.revision, rewoundMessageIds: [] });
    await expect(
      runner.rewind({ sessionId: 's1', target: { toRevision: 2 } }),
    ).rejects.toMatchObject({ code: 'RevisionRewound' });
    await expect(
      runner.rewind({ sessionId: 's1', target: { toMessageId: 'a3' } }),
    ).rejects.toMatchObject({ code: 'RevisionRewound' });
    await expect(
      runner.rewind({ sessionId: 's1', target: { toRevision: 40 } }),
    ).rejects.toMatchObject({ code: 'RevisionNotFound' });
    await expect(
      runner.rewind({ sessionId: 's1', target: { toMessageId: 'nope' } }),
    ).rejects.toBeInstanceOf(SessionRuleError);
  });

  it('folds the decider state along the current line for a runner that did not see the rewind (another server, a restart)', async () => {
    await append([text('a1'), text('a2')]);
    const other = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await other.rewind({ sessionId: 's1', target: { toRevision: 1 } });
    // This runner's cached state still knows a2; after the checked load it does not, so a2
    // with other content is a new message, not a reused id.
    await append([text('a2', 'a new a2')]);
    expect(await contentOf()).toEqual(['text a1', 'a new a2']);
  });

  it('rewinds a rewind: the line goes back past both, and the older branch answers at its revision', async () => {
    await append([text('a1'), text('a2')]); // 0 started, 1 a1, 2 a2
    await runner.rewind({ sessionId: 's1', target: { toRevision: 1 } }); // 3
    await append([text('b1')]); // 4
    await runner.rewind({ sessionId: 's1', target: { toRevision: 3 } }); // 5
    expect(await contentOf()).toEqual(['text a1']);
    await append([text('c1')]); // 6
    expect(await contentOf()).toEqual(['text a1', 'text c1']);
    const atFour = await reader.load('s1', { atRevision: 4 });
    expect(atFour.messages.map((message) => message.content)).toEqual(['text a1', 'text b1']);
    const atTwo = await reader.load('s1', { atRevision: 2 });
    expect(atTwo.messages.map((message) => message.content)).toEqual(['text a1', 'text a2']);
  });

  it('does not take up a decider snapshot from before a rewind: a cold start folds the current line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-rewind-'));
    try {
      const snapshots = () => SqliteDeciderSnapshots.open(path.join(dir, 'snapshots.sqlite'));
      const first = new SessionCommandRunner(store, {
        cacheSize: 10,
        clock,
        snapshots: snapshots(),
      });
      const many = Array.from({ length: 300 }, (_, index) => text(`m${index}`));
      await append(many.slice(0, 150));
      await first.run({ type: 'AppendMessages', sessionId: 's1', messages: many.slice(150) });
      first.onApplicationShutdown(); // snapshot at revision 300
      await runner.rewind({ sessionId: 's1', target: { toMessageId: 'm9' } });
      const cold = new SessionCommandRunner(store, {
        cacheSize: 10,
        clock,
        snapshots: snapshots(),
      });
      // m10 was undone: recorded again with other content it is a new message, not a conflict.
      const again = await cold.run({
        type: 'AppendMessages',
        sessionId: 's1',
        messages: [text('m10', 'm10 again')],
      });
      expect(again.revision).toBe(302);
      cold.onApplicationShutdown();
      expect((await contentOf()).slice(-2)).toEqual(['text m9', 'm10 again']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a fork whose carried events are over one append, with ForkTooLarge, and writes nothing', async () => {
    for (let index = 0; index < 5; index += 1) {
      await append([text(`big${index}`, 'x'.repeat(300 * 1024))]);
    }
    await expect(
      runner.fork({ sessionId: 'big-fork', sourceSessionId: 's1' }, async () => {
        const window = await reader.windowEvents('s1');
        return {
          source: { sessionId: 's1', revision: window.revision },
          events: window.events.map((logged) => logged.event),
        };
      }),
    ).rejects.toMatchObject({ code: 'ForkTooLarge' });
    expect(await store.getStreamRevision('session-big-fork')).toBeUndefined();
  });

  it("a fork carries the source's data subject and agent, as its first event says", async () => {
    await store.append(
      'session-subject',
      [
        {
          id: '9b7c1f0e-4a51-4a59-9b0e-2a9f8f6b1c01',
          type: 'SessionStarted',
          data: {
            sessionId: 'subject',
            startedAt: clock(),
            agentName: 'main',
            subjectId: 'person-7',
          },
          metadata: { schemaVersion: 1 },
        },
        {
          id: '9b7c1f0e-4a51-4a59-9b0e-2a9f8f6b1c02',
          type: 'AssistantTextRecorded',
          data: text('x1', 'hello', 'subject'),
          metadata: { schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const window = await reader.windowEvents('subject');
    expect(window.started).toEqual({ subjectId: 'person-7', agentName: 'main' });
    await runner.fork({ sessionId: 'subject-fork', sourceSessionId: 'subject' }, () =>
      Promise.resolve({
        source: { sessionId: 'subject', revision: window.revision, ...window.started },
        events: window.events.map((logged) => logged.event),
      }),
    );
    const [started] = await firstData('session-subject-fork');
    expect(started).toEqual({
      sessionId: 'subject-fork',
      startedAt: clock(),
      agentName: 'main',
      forkedFrom: { sessionId: 'subject', revision: 1 },
      subjectId: 'person-7',
    });
  });

  it('refuses to rewind an ended session', async () => {
    await append([text('a1')]);
    await runner.run({ type: 'EndSession', sessionId: 's1' });
    await expect(
      runner.rewind({ sessionId: 's1', target: { toRevision: 0 } }),
    ).rejects.toMatchObject({ code: 'SessionAlreadyEnded' });
  });

  it('forks idempotently: a retry answers the fork made, another source or revision under the same id is refused', async () => {
    await append([text('a1'), text('a2')]);
    await append([text('x1', 'other', 's2')], 's2');
    const carry = (revision: number) => async () => {
      const window = await reader.windowEvents('s1', revision);
      return {
        source: { sessionId: 's1', revision: window.revision, subjectId: 'person-1' },
        events: window.events.map((logged) => logged.event),
      };
    };
    const fork = await runner.fork(
      { sessionId: 'f1', sourceSessionId: 's1', atRevision: 1 },
      carry(1),
    );
    const retried = await runner.fork(
      { sessionId: 'f1', sourceSessionId: 's1', atRevision: 1 },
      carry(1),
    );
    expect(retried).toEqual(fork);
    const started: unknown[] = [];
    for await (const recorded of store.readStream('session-f1', { maxCount: 1 })) {
      started.push(recorded.data);
    }
    expect(started).toEqual([
      {
        sessionId: 'f1',
        startedAt: clock(),
        forkedFrom: { sessionId: 's1', revision: 1 },
        subjectId: 'person-1',
      },
    ]);
    expect(await contentOf('f1')).toEqual(['text a1']);
    await expect(
      runner.fork({ sessionId: 'f1', sourceSessionId: 's1', atRevision: 2 }, carry(2)),
    ).rejects.toBeInstanceOf(ForkTargetExistsError);
    await expect(
      runner.fork({ sessionId: 's2', sourceSessionId: 's1' }, carry(2)),
    ).rejects.toMatchObject({ code: 'SessionExists' });
    // The fork lives on its own: an append to it leaves the source as it was.
    await append([text('f-1', 'in the fork', 'f1')], 'f1');
    expect(await contentOf('f1')).toEqual(['text a1', 'in the fork']);
    expect(await contentOf('s1')).toEqual(['text a1', 'text a2']);
  });
});
