/**
 * The sse-fan-out bench's subscribers, in a process of their own (`startSubscribers`): browsers
 * following a session live are not the appending client, so reading their streams must not hold
 * up that client's event loop. Told `start` (port, session, revision, count) over IPC, it opens
 * that many transcript streams and answers `ready`; told `check` (the revisions every stream
 * should have received), it answers how many received exactly those, in order; `close` ends it.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const ID_LINE = Buffer.from('\nid: ');
const NEWLINE = 0x0a;

type Request =
  | { kind: 'start'; port: number; session: string; afterRevision: number; count: number }
  | { kind: 'check'; from: number; to: number }
  | { kind: 'close' };
type Reply = { kind: 'ready' } | { kind: 'checked'; complete: number };

/** The subscribers' process, seen from the bench. */
export interface Subscribers {
  /** How many streams received exactly the revisions `from + 1` … `to`, in order. */
  complete(from: number, to: number): Promise<number>;
  close(): Promise<void>;
}

/** Forks the subscribers' process and resolves once its `count` streams are open. */
export function startSubscribers(
  port: number,
  session: string,
  afterRevision: number,
  count: number,
): Promise<Subscribers> {
  const child = fork(__filename, [], {
    execArgv: ['-r', path.join(__dirname, '..', 'scripts', 'ts-register.js')],
  });
  const next = (): Promise<Reply> =>
    new Promise((resolve, reject) => {
      child.once('message', (reply) => resolve(reply as Reply));
      child.once('exit', (code) => reject(new Error(`the subscribers exited (${code})`)));
    });
  const ask = async (request: Request): Promise<Reply> => {
    const reply = next();
    child.send(request);
    return reply;
  };
  return ask({ kind: 'start', port, session, afterRevision, count }).then(() => ({
    complete: async (from, to) => {
      const reply = await ask({ kind: 'check', from, to });
      return reply.kind === 'checked' ? reply.complete : 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ kind: 'close' } satisfies Request);
      }),
  }));
}

/** One live transcript stream: the `id:` of every entry it received, in order. */
function subscribe(
  port: number,
  session: string,
  afterRevision: number,
): Promise<{ ids: number[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const ids: number[] = [];
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/v1/sessions/${session}/transcript/stream?afterRevision=${afterRevision}`,
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`));
        // Only the ids, found in the raw bytes: reading must cost no more than the sockets do.
        let tail: Buffer = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          const bytes = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
          let at = 0;
          for (;;) {
            const found = bytes.indexOf(ID_LINE, at);
            const end = found < 0 ? -1 : bytes.indexOf(NEWLINE, found + ID_LINE.length);
            if (end < 0) break;
            ids.push(Number(bytes.toString('latin1', found + ID_LINE.length, end)));
            at = end;
          }
          tail = bytes.subarray(Math.max(at, bytes.length - 32));
        });
        resolve({ ids, close: () => request.destroy() });
      },
    );
    request.on('error', () => undefined);
  });
}

if (require.main === module) {
  let streams: Array<{ ids: number[]; close(): void }> = [];
  const reply = (message: Reply): void => void process.send?.(message);
  process.on('message', (request: Request) => {
    switch (request.kind) {
      case 'start':
        void Promise.all(
          Array.from({ length: request.count }, () =>
            subscribe(request.port, request.session, request.afterRevision),
          ),
        ).then((opened) => {
          streams = opened;
          reply({ kind: 'ready' });
        });
        break;
      case 'check': {
        const expected = Array.from(
          { length: request.to - request.from },
          (_, index) => request.from + 1 + index,
        ).join(',');
        const complete = streams.filter((stream) => stream.ids.join(',') === expected).length;
        reply({ kind: 'checked', complete });
        break;
      }
      case 'close':
        for (const stream of streams) stream.close();
        process.exit(0);
    }
  });
}
