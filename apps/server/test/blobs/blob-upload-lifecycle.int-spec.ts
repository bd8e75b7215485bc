import { filesHolding } from '../lifecycle/erasure-testing';
import { startServer, type RunningServer } from '../testing/start-server';
import { turnReferring } from './turn-referring';

describe('blob uploads and the session lifecycle', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A one-second time to live: the sweep runs every half second.
    server = await startServer({ BLOB_UNREFERENCED_TTL_MS: '1000' });
  }, 180_000);
  afterAll(() => server.stop(), 60_000);

  const blobs = (sessionId: string) => `${server.url}/v1/sessions/${sessionId}/blobs`;
  const upload = async (sessionId: string, text: string): Promise<string> => {
    const response = await fetch(blobs(sessionId), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: text,
    });
    expect(response.status).toBe(201);
    return String(((await response.json()) as { sha256: unknown }).sha256);
  };
  const append = (sessionId: string, body: object) =>
    fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('deletes an upload no message refers to after BLOB_UNREFERENCED_TTL_MS, and keeps the referenced one', async () => {
    const forgotten = await upload('sweep', 'ForgottenUploadToken71 '.repeat(2000));
    const used = await upload('sweep', 'ReferencedUploadToken71 '.repeat(2000));
    expect((await append('sweep', turnReferring('sweep', used))).status).toBe(200);
    // Polled: the sweep runs on its own schedule; the test's timeout is what catches a hang.
    while ((await fetch(`${blobs('sweep')}/${forgotten}`)).status !== 404) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(filesHolding(server.dataDir, 'ForgottenUploadToken71')).toEqual([]);
    // Two more sweeps: the referenced upload stays.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const kept = await fetch(`${blobs('sweep')}/${used}`);
    expect([kept.status, (await kept.text()).slice(0, 23)]).toEqual([
      200,
      'ReferencedUploadToken71',
    ]);
  }, 60_000);

  it('refuses an upload for an erased session with 410, keeping nothing, and takes it again once the session starts again', async () => {
    expect(
      (
        await append('erased', {
          messages: [
            { id: 'm1', sessionId: 'erased', role: 'user', kind: 'user_input', content: 'hi' },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await fetch(`${server.url}/v1/sessions/erased`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const refused = await fetch(blobs('erased'), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'AfterErasureToken5c',
    });
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject({ statusCode: 410, code: 'SessionErased' });
    expect(filesHolding(server.dataDir, 'AfterErasureToken5c')).toEqual([]);
    // A session never started may upload first (its first message may be an attachment).
    await upload('not-yet-started', 'BeforeStartToken5c');
    expect(
      (
        await append('erased', {
          messages: [
            { id: 'm1', sessionId: 'erased', role: 'user', kind: 'user_input', content: 'again' },
          ],
        })
      ).status,
    ).toBe(200);
    await upload('erased', 'AfterRestartToken5c');
  }, 60_000);
});
