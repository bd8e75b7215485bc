import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../testing/start-server';
import { call, createKey } from '../access/tenancy-fixture';

// Fake credentials are assembled at run time so that secret scanners do not flag this file.
const join = (...parts: string[]) => parts.join('');
const sessionId = join('gh', 'p_', 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8');
const messageId = join('sk-', 'proj-', 'Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9');
const toolCallId = join('gl', 'pat-', 'xY9zAbCdEfGhIjKlMnOp');
const awsSecret = join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY');
const fileUrl = 'https://bot:hunter22@files.example/report.pdf';
const placeholder = /\[REDACTED:[0-9a-f]{12}\]/g;

const messages = [
  {
    id: messageId,
    sessionId,
    kind: 'tool_call',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input: { path: 'a.txt' } }],
  },
  {
    id: 'm2',
    sessionId,
    kind: 'tool_result',
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId, toolName: 'Read', output: { type: 'text', value: 'ok' } },
    ],
  },
  {
    id: 'm3',
    sessionId,
    kind: 'user_input',
    role: 'user',
    content: [
      { type: 'text', text: `the key is ${awsSecret}` },
      { type: 'file', data: fileUrl, mediaType: 'application/pdf' },
    ],
  },
];

describe('secrets used as ids and URLs, and a bare AWS secret key, are redacted', () => {
  let server: RunningServer;
  const keys: Record<string, string> = {};
  const url = (route: string) =>
    `${server.url}/v1/sessions/${encodeURIComponent(sessionId)}${route}`;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-secret-ids-'));
    keys['read'] = await createKey(dataDir, 'acme', ['read']);
    keys['owner'] = await createKey(dataDir, 'acme', ['read', 'write', 'audit']);
    server = await startServer({ DATA_DIR: dataDir });
    const appended = await call(url('/messages'), { key: keys['owner'], body: { messages } });
    expect(appended.status).toBe(200);
  });

  afterAll(async () => {
    await server.stop();
  });

  /** The answer's text: none of the secrets, and the ids' placeholders as they line up. */
  function placeholdersOf(text: string): string[] {
    for (const secret of [sessionId, messageId, toolCallId, awsSecret, 'hunter22']) {
      expect(text).not.toContain(secret);
    }
    return [...text.matchAll(placeholder)].map((match) => match[0]);
  }

  it('export (JSON and Markdown): ids replaced by stable placeholders, the URL’s password gone', async () => {
    const json = await call(url('/export?format=json&minPosition=2'), { key: keys['owner'] });
    expect(json.status).toBe(200);
    const body = JSON.parse(json.text) as {
      sessionId: string;
      export: { messages: Array<{ id: string; content: unknown }> };
    };
    const [call0, result, input] = body.export.messages;
    expect(body.sessionId).toMatch(placeholder);
    expect(call0?.id).toMatch(placeholder);
    expect(JSON.stringify(result?.content)).toContain(
      JSON.stringify(call0?.content).match(placeholder)?.[0],
    );
    expect(input?.content).toEqual([
      { type: 'text', text: 'the key is [REDACTED]' },
      {
        type: 'file',
        data: 'https://bot:[REDACTED]@files.example/report.pdf',
        mediaType: 'application/pdf',
      },
    ]);
    expect(new Set(placeholdersOf(json.text)).size).toBe(3);
    const markdown = await call(url('/export?format=markdown'), { key: keys['owner'] });
    expect(markdown.text.startsWith(`# Session ${body.sessionId}\n`)).toBe(true);
    placeholdersOf(markdown.text);
  });

  it('views of a key without audit: the same placeholders in the transcript and the debug view', async () => {
    const transcript = await call(url('/transcript'), { key: keys['read'] });
    const debug = await call(url('/debug'), { key: keys['read'] });
    expect([transcript.status, debug.status]).toEqual([200, 200]);
    const inTranscript = new Set(placeholdersOf(transcript.text));
    expect(inTranscript.size).toBe(3);
    expect(new Set(placeholdersOf(debug.text))).toEqual(inTranscript);
  });
});
