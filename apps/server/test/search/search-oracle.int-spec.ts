import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchTokens } from '@agent-ledger/projections';
import { call, createKey } from '../access/tenancy-fixture';
import { startServer, type RunningServer } from '../testing/start-server';

/**
 * The oracle attack: a `read` key sees a tool result with its secrets redacted, and tries to
 * spell them out by search, a character at a time with prefix queries, and by guessing whole
 * words, pieces of words and phrases. Two sessions hold the same tool result with different
 * secrets, so their redacted views are equal: a search that answered from what the caller may
 * read cannot tell them apart, and every query of the attack must find both or neither. An
 * `audit` key asking for `raw` tells them apart with the same queries (the attack works there).
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

interface Secrets {
  password: string;
  accessKey: string;
}

const SECRETS: Record<'db-1' | 'db-2', Secrets> = {
  'db-1': { password: 'Zq7xWv9KpL3mNt', accessKey: 'AKIAQ3XMPLE7KEYW4RT2' },
  'db-2': { password: 'Hb4rTy8GsQ2cJe', accessKey: 'AKIAJ5HZWD2B6VNC8LPX' },
};

function toolOutput({ password, accessKey }: Secrets): string {
  return [
    `DATABASE_URL=postgres://app:${password}@db.internal:5432/app`,
    `AWS_ACCESS_KEY_ID=${accessKey}`,
  ].join('\n');
}

function messages(sessionId: string, secrets: Secrets): unknown[] {
  const createdAt = '2026-05-01T10:00:00.000Z';
  return [
    {
      id: 'call-1',
      sessionId,
      role: 'assistant',
      kind: 'tool_call',
      createdAt,
      content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'Bash', input: 'printenv' }],
    },
    {
      id: 'result-1',
      sessionId,
      role: 'tool',
      kind: 'tool_result',
      createdAt,
      content: [
        {
          type: 'tool-result',
          toolCallId: 't1',
          toolName: 'Bash',
          output: { type: 'text', value: toolOutput(secrets) },
        },
      ],
    },
  ];
}

interface Hit {
  sessionId: string;
  messageId: string;
  snippet: string;
}

describe('search as an oracle for redacted secrets', () => {
  let server: RunningServer;
  let readKey: string;
  let auditKey: string;
  let position = 0;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-oracle-'));
    const writeKey = await createKey(dataDir, 'acme', ['write']);
    readKey = await createKey(dataDir, 'acme', ['read']);
    auditKey = await createKey(dataDir, 'acme', ['read', 'audit']);
    server = await startServer({ DATA_DIR: dataDir, READ_MODEL_WAIT_MS: '3000' });
    for (const [sessionId, secrets] of Object.entries(SECRETS)) {
      const answer = await call(`${server.url}/v1/sessions/${sessionId}/messages`, {
        key: writeKey,
        body: { messages: messages(sessionId, secrets) },
      });
      expect(answer.status).toBe(200);
      position = (JSON.parse(answer.text) as { position: number }).position;
    }
  }, 60_000);

  afterAll(async () => {
    await server.stop();
  });

  async function search(key: string, query: string, raw = false): Promise<Hit[]> {
    const parameters = new URLSearchParams({
      q: query,
      limit: '200',
      minPosition: String(position),
      ...(raw ? { raw: 'true' } : {}),
    });
    const answer = await call(`${server.url}/v1/search?${parameters.toString()}`, { key });
    if (answer.status !== 200) throw new Error(`${query}: ${answer.status} ${answer.text}`);
    return (JSON.parse(answer.text) as { results: Hit[] }).results;
  }

  /** Which of the two tool results a query finds. */
  async function found(key: string, query: string, raw = false): Promise<string[]> {
    const hits = await search(key, query, raw);
    return hits
      .filter((hit) => hit.messageId === 'result-1')
      .map((hit) => hit.sessionId)
      .sort();
  }

  /**
   * The queries of the attack on one secret: each of its prefixes (`sweep`: extended by every
   * character, as the attacker tries them), the whole word, its pieces, a phrase around it.
   */
  function attackQueries(secret: string, sweep: boolean): string[] {
    const lower = secret.toLowerCase();
    const queries = new Set<string>();
    for (let length = 0; length < lower.length; length += 1) {
      const prefix = lower.slice(0, length);
      if (!sweep) queries.add(`${lower.slice(0, length + 1)}*`);
      else for (const next of ALPHABET) queries.add(`${prefix}${next}*`);
    }
    queries.add(secret);
    for (const part of searchTokens(secret).parts) queries.add(part);
    queries.add(`"app ${secret}"`);
    return [...queries];
  }

  /** Runs `queries` 16 at a time; the sessions each finds, by query. */
  async function runAll(
    queries: readonly string[],
    run: (query: string) => Promise<string[]>,
  ): Promise<Map<string, string[]>> {
    const answers = new Map<string, string[]>();
    for (let start = 0; start < queries.length; start += 16) {
      const batch = queries.slice(start, start + 16);
      const results = await Promise.all(batch.map(run));
      batch.forEach((query, index) => answers.set(query, results[index] ?? []));
    }
    return answers;
  }

  it('shows a read key the redacted tool results, and finds them by their visible words', async () => {
    const hits = await search(readKey, 'postgres');
    expect(
      hits.map((hit) => [hit.sessionId, hit.messageId, hit.snippet.includes('[REDACTED]')]),
    ).toEqual(
      expect.arrayContaining([
        ['db-1', 'result-1', true],
        ['db-2', 'result-1', true],
      ]),
    );
    expect(JSON.stringify(hits)).not.toMatch(/Zq7x|Hb4r|AKIAQ3|AKIAJ5/);
  });

  it('tells a read key nothing about a secret: every prefix, word, piece and phrase of the attack finds both results or neither', async () => {
    // The sweep runs on one session's secrets (a hit that depends on them would find that session
    // alone); the other's are tried as a whole, prefix by prefix.
    const attacks = Object.values(SECRETS).flatMap(({ password, accessKey }, index) =>
      [password, accessKey].map((secret) => attackQueries(secret, index === 0)),
    );
    for (const queries of attacks) {
      const answers = await runAll(queries, (query) => found(readKey, query));
      const telling = [...answers].filter(([, sessions]) => sessions.length === 1);
      expect(telling).toEqual([]);
    }
  }, 60_000);

  it('matches the redacted text for an audit key without raw, and the recorded text with raw (where the same queries would spell the secret out)', async () => {
    const { password, accessKey } = SECRETS['db-1'];
    expect(await found(auditKey, password)).toEqual([]);
    expect(await found(auditKey, password, true)).toEqual(['db-1']);
    expect(await found(auditKey, accessKey, true)).toEqual(['db-1']);
    // The attack's prefixes, each one character longer, find exactly the result that holds it.
    const lower = password.toLowerCase();
    const prefixes = Array.from(
      { length: lower.length - 1 },
      (_, i) => `${lower.slice(0, i + 2)}*`,
    );
    const answers = await runAll(prefixes, (query) => found(auditKey, query, true));
    expect([...answers.values()]).toEqual(prefixes.map(() => ['db-1']));
    const snippet = (await search(auditKey, password, true))[0]?.snippet;
    expect(snippet).toContain(password);
  });

  it('refuses raw to a read key', async () => {
    const answer = await call(`${server.url}/v1/search?q=postgres&raw=true`, { key: readKey });
    expect(answer.status).toBe(403);
  });
});
