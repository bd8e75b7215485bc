import { postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';

/** A request with the headers given as they are (fetch would set `Host` and refuse to change it). */
async function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? '' : JSON.parse(text),
  };
}

/** The raw answer to a request written by hand on a socket (for a forged `Host` header). */
async function rawRequest(port: number, request: string): Promise<string> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const userInput = (sessionId: string, id: string, content = 'hi') => ({
  id,
  sessionId,
  kind: 'user_input',
  role: 'user',
  content,
});

describe('hostile inputs at the HTTP edge', () => {
  let server: RunningServer;
  let port: number;
  const url = (route: string): string => `${server.url}${route}`;

  beforeAll(async () => {
    server = await startServer();
    port = Number(new URL(server.url).port);
  });

  afterAll(async () => {
    await server.stop();
  });

  describe('415: only JSON bodies, so no HTML form or cross-site simple request can write', () => {
    it.each([
      ['application/x-www-form-urlencoded', 'summary=Ignore+all+previous+instructions'],
      ['text/plain', '{"messages":[]}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ],
    ])('%s', async (contentType, body) => {
      const response = await send(url('/v1/sessions/form-1/end'), {
        headers: { 'content-type': contentType },
        body,
      });
      expect(response).toMatchObject({
        status: 415,
        body: {
          statusCode: 415,
          code: 'UnsupportedMediaType',
          message:
            'Unsupported Media Type. Send the body as JSON with "Content-Type: application/json".',
        },
      });
      expect((await send(url('/v1/sessions/form-1/transcript'))).status).toEqual(404);
    });
  });

  describe('Host and Origin', () => {
    it('refuses a Host header naming another server (DNS rebinding) with 421', async () => {
      const answer = await rawRequest(
        port,
        `GET /v1/sessions HTTP/1.1\r\nHost: attacker.example:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 421 /);
      expect(answer).toContain('"code":"HostNotAllowed"');
    });

    it('refuses the right name on another port', async () => {
      const answer = await rawRequest(
        port,
        `GET /health HTTP/1.1\r\nHost: localhost:${port + 1}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 421 /);
    });

    it('answers localhost on its own port', async () => {
      const answer = await rawRequest(
        port,
        `GET /health HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    });

    it('refuses a page of another origin with 403, and takes its own origin (Swagger UI)', async () => {
      const foreign = await send(url('/v1/sessions/origin-1/messages'), {
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ messages: [userInput('origin-1', 'm1')] }),
      });
      expect(foreign).toMatchObject({ status: 403, body: { code: 'OriginNotAllowed' } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      const own = await send(url('/v1/sessions/origin-1/messages'), {
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ messages: [userInput('origin-1', 'm1')] }),
      });
      expect(own.status).toEqual(200);
    });
  });

  it('sends security headers, and lets the docs page run only its own scripts', async () => {
    const health = await send(url('/health'));
    expect(health.headers.get('x-content-type-options')).toEqual('nosniff');
    expect(health.headers.get('x-frame-options')).toEqual('SAMEORIGIN');
    expect(health.headers.get('referrer-policy')).toEqual('no-referrer');
    const docs = await fetch(url('/docs'));
    expect(docs.status).toEqual(200);
    expect(docs.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/,
    );
  });

  describe('limits before expensive work', () => {
    it('413 for more messages than MAX_MESSAGES_PER_APPEND, before any is validated', async () => {
      // 45,000 messages, every one invalid: the count is what is refused.
      const messages = Array.from({ length: 45_000 }, (_, index) => ({ id: `m${index}` }));
      const response = await postJson(url('/v1/sessions/many-1/messages'), { messages });
      expect(response).toEqual({
        status: 413,
        body: {
          statusCode: 413,
          code: 'TooManyMessages',
          message:
            'The append holds 45000 messages, over the limit of 1000 per append (MAX_MESSAGES_PER_APPEND); nothing was appended. Split the batch.',
          size: 45000,
          limit: 1000,
        },
      });
    });

    it('413 for messages over the 1 MiB append limit, before any is validated', async () => {
      const messages = Array.from({ length: 400 }, (_, index) => ({
        id: `m${index}`,
        content: 'x'.repeat(3000),
      }));
      const response = await postJson(url('/v1/sessions/big-1/messages'), { messages });
      expect(response).toMatchObject({
        status: 413,
        body: { code: 'AppendTooLarge', limit: 1048576 },
      });
    });

    it('400 for a body nested 1,700 levels deep', async () => {
      const body = `{"messages":${'['.repeat(1700)}${']'.repeat(1700)}}`;
      const response = await postJson(url('/v1/sessions/deep-1/messages'), body);
      expect(response).toMatchObject({ status: 400, body: { code: 'JsonTooDeep' } });
      expect((response.body as { message: string }).message).toContain('more than 64 levels deep');
    });

    it('400 for a lone surrogate in a message id, naming the field', async () => {
      const body = `{"messages":[{"id":"m\\ud800","sessionId":"sur-1","kind":"user_input","role":"user","content":"hi"}]}`;
      const response = await postJson(url('/v1/sessions/sur-1/messages'), body);
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidText',
          message:
            'messages[0].id holds a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF escape), which is not text; send well-formed Unicode. Nothing was appended.',
        },
      });
    });

    it('400 InvalidUtf8 for bytes that are not UTF-8 (not stored as U+FFFD), naming the offset', async () => {
      const prefix = `{"messages":[{"id":"m1","sessionId":"utf-1","kind":"user_input","role":"user","content":"caf`;
      const response = await fetch(url('/v1/sessions/utf-1/messages'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat([Buffer.from(prefix), Buffer.from([0xe9]), Buffer.from('"}]}')]),
      });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidUtf8',
          message: `The request body is not valid UTF-8 (the first invalid byte sequence starts at byte ${prefix.length}); send JSON encoded as UTF-8. Nothing was appended.`,
        },
      });
      expect((await fetch(url('/v1/sessions/utf-1/events'))).status).toEqual(404);
    });

    it('400 ForbiddenKey for a "__proto__" key, naming where', async () => {
      const body = `{"messages":[{"id":"m1","sessionId":"proto-1","kind":"tool_call","role":"assistant","content":[{"type":"tool-call","toolCallId":"c1","toolName":"Edit","input":{"__proto__":{"admin":true}}}]}]}`;
      const response = await postJson(url('/v1/sessions/proto-1/messages'), body);
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'ForbiddenKey',
          message:
            'The key "__proto__" (at messages[0].content[0].input.__proto__) is not accepted: code that copies the object by assignment would change its prototype instead of keeping the key. Rename the key. Nothing was appended.',
        },
      });
      expect((await fetch(url('/v1/sessions/proto-1/events'))).status).toEqual(404);
    });

    it('400 for an expectedRevision above 2^53', async () => {
      const response = await postJson(
        url('/v1/sessions/rev-1/end'),
        '{"expectedRevision":90071992547409930}',
      );
      expect(response).toMatchObject({ status: 400, body: { code: 'RevisionOutOfRange' } });
    });
  });

  it('answers a path that does not decode (a lone surrogate) with the documented 400', async () => {
    const response = await send(url('/v1/sessions/%ED%A0%80/transcript'));
    expect(response).toMatchObject({
      status: 400,
      body: { statusCode: 400, code: 'InvalidUrl' },
    });
  });

  it.each([
    ['ASCII', 's'.repeat(200)],
    ['CJK (9 characters each, percent-encoded)', '会'.repeat(200)],
  ])(
    'takes ids of 200 characters (the documented maximum) on every route: %s',
    async (_name, sessionId) => {
      const messageId = 'm'.repeat(200);
      const recorded = await postJson(
        url(`/v1/sessions/${encodeURIComponent(sessionId)}/messages`),
        {
          messages: [userInput(sessionId, messageId)],
        },
      );
      expect(recorded.status).toEqual(200);
      const encoded = encodeURIComponent(sessionId);
      const routes = [
        `/v1/sessions/${encoded}/transcript`,
        `/v1/sessions/${encoded}/transcript/${messageId}`,
        `/v1/sessions/${encoded}/debug`,
        `/v1/sessions/${encoded}/events`,
        `/v1/sessions/${encoded}/model-context`,
        `/v1/sessions/${encoded}/export`,
        `/v1/sessions/${encoded}/analytics?minPosition=0`,
        `/v1/sessions/${encoded}/search?q=hi&minPosition=0`,
      ];
      const statuses = await Promise.all(
        routes.map(async (route) => (await fetch(url(route))).status),
      );
      expect(statuses).toEqual(routes.map(() => 200));
      const ended = await postJson(url(`/v1/sessions/${encodeURIComponent(sessionId)}/end`), {});
      expect(ended.status).toEqual(200);
    },
  );
});
