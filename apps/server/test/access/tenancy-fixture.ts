import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { KeyRegistry, type Scope } from '@agent-ledger/access';
import { SqliteEventStore } from '@agent-ledger/event-store';

/**
 * Runs `action` on the keys of the embedded event store of `dataDir` (created when missing), as
 * `agent-ledger keys` does, from this process while a server may run on the same store.
 */
export async function withKeys<T>(
  dataDir: string,
  action: (keys: KeyRegistry) => Promise<T>,
): Promise<T> {
  mkdirSync(dataDir, { recursive: true });
  const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
  try {
    return await action(await KeyRegistry.open(store));
  } finally {
    await store.close();
  }
}

/** Creates a key in the event store of `dataDir` (as `agent-ledger keys create` does); its secret. */
export function createKey(dataDir: string, tenant: string, scopes: Scope[]): Promise<string> {
  return withKeys(dataDir, async (keys) => (await keys.create({ tenant, scopes })).secret);
}

/** A user message whose text is `text`. */
export function userMessage(sessionId: string, id: string, text: string): Record<string, unknown> {
  return {
    id,
    sessionId,
    role: 'user',
    kind: 'user_input',
    createdAt: '2026-01-01T00:00:00.000Z',
    content: [{ type: 'text', text }],
  };
}

export interface Answer {
  status: number;
  text: string;
}

/** One HTTP request with an optional key; the answer's status and body text. */
export async function call(
  url: string,
  options: { key?: string | undefined; method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.key !== undefined) headers['authorization'] = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, text: await response.text() };
}

/** What a Server-Sent Events stream sends in its first `forMs` milliseconds. */
export async function readStreamFor(url: string, key: string, forMs: number): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${key}` },
    signal: controller.signal,
  });
  let text = '';
  const reader = response.body?.getReader();
  const timer = setTimeout(() => controller.abort(), forMs);
  try {
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
      text += Buffer.from(chunk.value).toString('utf8');
    }
  } catch {
    // Aborted: the stream stays open until then.
  } finally {
    clearTimeout(timer);
  }
  return { status: response.status, text };
}

/**
 * The status `url` answers a plain GET with, asked again every 50 ms until it is `wanted` or
 * `ms` have passed: for what a running server learns by following its event store (a key made
 * or revoked by another process).
 */
export async function statusWithin(ms: number, url: string, wanted: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { status } = await fetch(url);
    if (status === wanted || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
