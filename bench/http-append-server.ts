/**
 * The server side of `bench/http-append.bench.ts`, run in its own process so that the load
 * generator does not share its event loop: `floor` (a bare Fastify route writing the same rows in
 * one better-sqlite3 transaction, WAL, synchronous=FULL, and a bare live stream of each session:
 * the appended messages serialized once and written to every open stream of the session) or `ours` (the whole application, with
 * its projection runner live). Prints `listening <port>` once it accepts requests.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { loadServerConfig } from '@agent-ledger/config';
import { createApp } from '../apps/server/src/create-app';
import { RawSqliteFloor } from './raw-sqlite-floor';

interface AppendBody {
  messages: Array<Record<string, unknown>>;
}

async function startFloor(dataDir: string): Promise<number> {
  const floor = new RawSqliteFloor(path.join(dataDir, 'floor.sqlite'), 'full');
  const revisions = new Map<string, number>();
  let position = 0;
  const streams = new Map<string, Set<ServerResponse>>();
  const app = Fastify({ bodyLimit: 4 * 1024 * 1024 });
  app.get<{ Params: { sessionId: string } }>(
    '/v1/sessions/:sessionId/transcript/stream',
    (request, reply) => {
      const { sessionId } = request.params;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      reply.raw.write('retry: 2000\n\n');
      const open = streams.get(sessionId) ?? new Set();
      streams.set(sessionId, open.add(reply.raw));
      request.raw.once('close', () => open.delete(reply.raw));
    },
  );
  app.post<{ Params: { sessionId: string }; Body: AppendBody }>(
    '/v1/sessions/:sessionId/messages',
    (request) => {
      const { sessionId } = request.params;
      const now = new Date().toISOString();
      const first = (revisions.get(sessionId) ?? -1) + 1;
      const events = request.body.messages.map((message) => ({
        id: randomUUID(),
        type: 'MessageRecorded',
        data: { message: { ...message, createdAt: now } },
        metadata: { schemaVersion: 1 },
      }));
      floor.append(`session-${sessionId}`, first, events);
      const revision = first + events.length - 1;
      revisions.set(sessionId, revision);
      position += events.length;
      const open = streams.get(sessionId);
      if (open !== undefined && open.size > 0) {
        const frames = events
          .map((event, index) => {
            const entry = {
              seq: first + index,
              revision: first + index,
              message: event.data.message,
            };
            return `id: ${first + index}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`;
          })
          .join('');
        for (const stream of open) stream.write(frames);
      }
      return { sessionId, revision, position };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

async function startOurs(dataDir: string): Promise<number> {
  // The SSE fan-out bench follows one session with hundreds of connections from this one address.
  const config = loadServerConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    MAX_CONNECTIONS_PER_CLIENT: '1024',
  });
  const app = await createApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

async function main(): Promise<void> {
  const [which, dataDir] = process.argv.slice(2);
  if ((which !== 'floor' && which !== 'ours') || dataDir === undefined) {
    throw new Error('usage: http-append-server.ts floor|ours <data dir>');
  }
  const port = which === 'floor' ? await startFloor(dataDir) : await startOurs(dataDir);
  process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
