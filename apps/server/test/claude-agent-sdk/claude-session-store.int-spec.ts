import { createLedgerClient, type JsonObject, type LedgerClient } from '@agent-ledger/client';
import {
  createClaudeSessionStore,
  ledgerSessionIdOf,
  type ClaudeSessionStore,
  type SessionStoreEntry,
} from '@agent-ledger/client/claude-agent-sdk';
import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import { claudeCodeSourceOfEntries, importClaudeCode } from '@agent-ledger/interchange';
import { decidePlan, readFixture } from '@agent-ledger/interchange/testing';
import { startServer, type RunningServer } from '../testing/start-server';

/** The SDK's `SessionStore` contract (its `sdk.d.ts`), held by the ledger's store. */

const PROJECT = '-repo';
const SUBPATH = 'subagents/agent-a7f3c1';

function entriesOf(jsonl: string): SessionStoreEntry[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SessionStoreEntry);
}

const mainEntries = entriesOf(readFixture('claude-code/cc-session-1.jsonl'));
const subagentEntries = entriesOf(
  readFixture('claude-code/cc-session-1/subagents/agent-a7f3c1.jsonl'),
);

describe('createClaudeSessionStore (the Claude Agent SDK SessionStore contract)', () => {
  let server: RunningServer;
  let client: LedgerClient;
  let store: ClaudeSessionStore;

  beforeAll(async () => {
    server = await startServer();
    client = createLedgerClient({ baseUrl: server.url });
    store = createClaudeSessionStore({ client, prefix: 'contract-' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gives back what was appended, deep-equal and in append order, across appends', async () => {
    const key = { projectKey: PROJECT, sessionId: 'order' };
    await store.append(key, mainEntries.slice(0, 7));
    await store.append(key, mainEntries.slice(7));
    expect(await store.load(key)).toEqual(mainEntries);
  });

  it('answers null for a key never written, and for a subpath never written', async () => {
    expect(await store.load({ projectKey: PROJECT, sessionId: 'never' })).toBeNull();
    expect(
      await store.load({ projectKey: PROJECT, sessionId: 'order', subpath: 'subagents/agent-x' }),
    ).toBeNull();
  });

  it('takes an empty append as nothing: the key stays unwritten', async () => {
    const key = { projectKey: PROJECT, sessionId: 'empty' };
    await store.append(key, []);
    expect(await store.load(key)).toBeNull();
  });

  it('treats uuid as the idempotency key: a replay adds nothing, entries without uuid are appended', async () => {
    const key = { projectKey: PROJECT, sessionId: 'replay' };
    const withUuid = mainEntries.filter((entry) => entry.uuid !== undefined);
    const title = { type: 'custom-title', customTitle: 'Fix the login' };
    await store.append(key, [...withUuid.slice(0, 3), title]);
    await store.append(key, [...withUuid.slice(0, 5), title]);
    expect(await store.load(key)).toEqual([
      ...withUuid.slice(0, 3),
      title,
      ...withUuid.slice(3, 5),
      title,
    ]);
  });

  it('keeps a subpath apart from the main transcript, and lists it as a subkey', async () => {
    const key = { projectKey: PROJECT, sessionId: 'with-subagent' };
    await store.append(key, mainEntries);
    await store.append({ ...key, subpath: SUBPATH }, subagentEntries);
    expect(await store.load(key)).toEqual(mainEntries);
    expect(await store.load({ ...key, subpath: SUBPATH })).toEqual(subagentEntries);
    expect(await store.listSubkeys(key)).toEqual([SUBPATH]);
    expect(await store.listSubkeys({ projectKey: PROJECT, sessionId: 'order' })).toEqual([]);
  });

  it('keeps projects, and stores of other prefixes, apart', async () => {
    const entry = mainEntries[0] as SessionStoreEntry;
    const other = createClaudeSessionStore({ client, prefix: 'other-' });
    await store.append({ projectKey: '-a', sessionId: 'shared' }, [entry]);
    expect(await store.load({ projectKey: '-b', sessionId: 'shared' })).toBeNull();
    expect(await other.load({ projectKey: '-a', sessionId: 'shared' })).toBeNull();
    expect(await store.listSessions('-a')).toEqual([
      { sessionId: 'shared', mtime: expect.any(Number) as number },
    ]);
    expect(await store.listSessions('-b')).toEqual([]);
    expect(await other.listSessions('-a')).toEqual([]);
  });

  it('lists the sessions of a project (sub-agents are subkeys, not sessions) with integer mtimes', async () => {
    const listed = await store.listSessions(PROJECT);
    expect(listed.map((session) => session.sessionId).sort()).toEqual([
      'order',
      'replay',
      'with-subagent',
    ]);
    for (const { mtime } of listed) expect(Number.isInteger(mtime)).toBe(true);
  });

  it('maps the entries to the session’s runtime messages: the same as importing the loaded entries', async () => {
    const key = { projectKey: PROJECT, sessionId: 'with-subagent' };
    const ledgerSessionId = ledgerSessionIdOf('contract-', key);
    const loaded = await store.load(key);
    const loadedSubagent = await store.load({ ...key, subpath: SUBPATH });
    const plan = importClaudeCode(
      claudeCodeSourceOfEntries(ledgerSessionId, [
        { entries: (loaded ?? []) as JsonObject[] },
        { subpath: SUBPATH, entries: (loadedSubagent ?? []) as JsonObject[] },
      ]),
      { sessionId: ledgerSessionId },
    );
    const expected = decidePlan(plan);
    for (const sessionId of [ledgerSessionId, `${ledgerSessionId}.agent-a7f3c1`]) {
      const stored: SessionEvent[] = [];
      for await (const event of client.events(sessionId)) {
        stored.push({ type: event.type, data: event.data } as SessionEvent);
      }
      expect(normalizeSessionEvents(stored).messages).toEqual(
        normalizeSessionEvents(expected.get(sessionId) ?? []).messages,
      );
      expect(normalizeSessionEvents(stored).messages.length).toBeGreaterThan(3);
    }
  });

  it('deletes a session with its sub-agents: an erasure, after which nothing of it is found', async () => {
    const key = { projectKey: PROJECT, sessionId: 'with-subagent' };
    const ledgerSessionId = ledgerSessionIdOf('contract-', key);
    await store.delete(key);
    expect(await store.load(key)).toBeNull();
    expect(await store.load({ ...key, subpath: SUBPATH })).toBeNull();
    expect(await store.listSubkeys(key)).toEqual([]);
    expect((await store.listSessions(PROJECT)).map((session) => session.sessionId)).not.toContain(
      'with-subagent',
    );
    await expect(client.getSession(`${ledgerSessionId}.agent-a7f3c1`)).rejects.toMatchObject({
      status: 404,
    });
    // Deleting again is fine: nothing is left to delete.
    await store.delete(key);
  });
  it('keeps a 5 MB tool result entry: the event holds a blob reference, load gives the entry back byte-equal', async () => {
    const key = { projectKey: PROJECT, sessionId: 'big-output' };
    const ledgerSessionId = ledgerSessionIdOf('contract-', key);
    // Multi-byte characters and a surrogate pair, so that UTF-8 and chunking are exercised.
    const line = 'const café = "naïve"; // 🚀 build step output\n';
    const big = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
    const entries = mainEntries.slice(0, 9).map((entry) =>
      entry.uuid === 'r1'
        ? {
            ...entry,
            message: {
              role: 'user',
              content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: big }],
            },
          }
        : entry,
    );
    await store.append(key, entries);
    expect(JSON.stringify(await store.load(key))).toBe(JSON.stringify(entries));

    const kept: Array<{ data: Record<string, unknown> }> = [];
    const results: unknown[] = [];
    for await (const event of client.events(ledgerSessionId)) {
      if (event.type === 'ClaudeCodeEntriesRecorded') {
        kept.push({ data: event.data as Record<string, unknown> });
      }
      if (event.type === 'ToolResultRecorded') results.push(event.data);
    }
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept[0]?.data).length).toBeLessThan(64 * 1024);
    expect(kept[0]?.data['blobs']).toEqual([
      {
        entry: entries.findIndex((entry) => entry.uuid === 'r1'),
        path: ['message', 'content', 0, 'content'],
        blob: {
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
          size: Buffer.byteLength(big),
          mediaType: 'text/plain; charset=utf-8',
          preview: expect.stringContaining('const café') as unknown,
          textLength: big.length,
        },
      },
    ]);
    // The mapped tool result refers to the same bytes (stored once) instead of holding them.
    const sha256 = (kept[0]?.data['blobs'] as Array<{ blob: { sha256: string } }>)[0]?.blob.sha256;
    expect(JSON.stringify(results)).toContain(
      `"type":"blob","as":"text","blob":{"sha256":"${sha256}"`,
    );
    expect(JSON.stringify(results).length).toBeLessThan(64 * 1024);
  });
});
