import { generateText, type ModelMessage } from 'ai';
import type { LedgerClient, StoredEvent } from '@agent-ledger/client';
import { runCliProcess } from '../../../apps/cli/test/testing/run-cli-process';
import { providerClients } from '../scenario/provider-clients';
import { withLedgerServer } from '../with-ledger-server';
import { createScriptedFetch } from '../wire/wire-fetch';

const OLD_TURN = 'OLD-TURN: read src/login.ts';
const OLD_RESULT = `OLD-RESULT ${'export function login() {}\n'.repeat(40)}`;
const SUMMARY = 'SUMMARY: the user asked to fix login; src/login.ts exports login().';

/**
 * Anthropic's Messages API as a stand-in: each answer in turn, every request body kept. The first
 * answer carries what the API returns when it compacts on its side (a `compaction` block first)
 * and applied context edits (`context_management.applied_edits`).
 */
function anthropicStandIn(answers: Array<Record<string, unknown>>): {
  fetch: typeof globalThis.fetch;
  bodies: Array<Record<string, unknown>>;
} {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch: typeof globalThis.fetch = (_input, init) => {
    const sentBody = init?.body;
    if (typeof sentBody !== 'string') throw new Error('Anthropic was sent a body that is not JSON');
    bodies.push(JSON.parse(sentBody) as Record<string, unknown>);
    const sequence = bodies.length;
    const answer = answers[sequence - 1];
    if (answer === undefined) throw new Error(`Anthropic was called ${sequence} times`);
    const body = {
      id: `msg_compaction${sequence}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 900, output_tokens: 80 },
      ...answer,
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch, bodies };
}

async function eventsOf(ledger: LedgerClient, sessionId: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const event of ledger.events(sessionId)) events.push(event);
  return events;
}

/**
 * Provider-side compaction end to end, through the real `@ai-sdk/anthropic` and `@ai-sdk/openai`
 * adapters: Anthropic compacts on its side, the step recorder records the block and the applied
 * edits, the next Anthropic request carries the block back instead of the turns it covers, and
 * the same session's context for OpenAI carries the readable summary, never the block.
 */
describe('provider-side compaction through the real adapters', () => {
  const ledgerServer = withLedgerServer();

  it('replays an Anthropic compaction block only to Anthropic, the summary to OpenAI, and records the edits', async () => {
    const sessionId = 'provider-compaction';
    const session = ledgerServer.client.session(sessionId);
    await session.append([
      { role: 'system', kind: 'system_note', content: 'You are a coding agent.' },
      { role: 'user', kind: 'user_input', content: OLD_TURN },
      {
        role: 'assistant',
        kind: 'tool_call',
        content: [
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'Read', input: { path: 'a' } },
        ],
      },
      {
        role: 'tool',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'Read',
            output: { type: 'text', value: OLD_RESULT },
          },
        ],
      },
      { role: 'user', kind: 'user_input', content: 'Now fix it.' },
    ]);
    const anthropic = anthropicStandIn([
      {
        content: [
          { type: 'compaction', content: SUMMARY },
          { type: 'text', text: 'Fixed login.' },
        ],
        context_management: {
          applied_edits: [
            { type: 'clear_tool_uses_20250919', cleared_tool_uses: 1, cleared_input_tokens: 640 },
          ],
        },
      },
      { content: [{ type: 'text', text: 'Logout is fixed too.' }] },
    ]);
    const claude = providerClients(anthropic.fetch).anthropic('claude-sonnet-4-5');

    const first = await generateText({
      model: claude,
      ...(await session.prompt({ provider: 'anthropic' })),
      onStepFinish: session.recordStep,
    });
    await session.recordResult(first);
    expect(JSON.stringify(anthropic.bodies[0])).toContain(OLD_TURN);

    const events = await eventsOf(ledgerServer.client, sessionId);
    const compaction = events.find((event) => event.type === 'ProviderCompactionRecorded');
    expect(compaction?.data).toMatchObject({
      sessionId,
      provider: 'anthropic.messages',
      family: 'anthropic',
      summary: SUMMARY,
    });
    const edited = events.find((event) => event.type === 'ProviderContextEdited');
    expect(edited?.data).toMatchObject({
      sessionId,
      provider: 'anthropic.messages',
      edits: [{ type: 'clear_tool_uses_20250919', clearedToolUses: 1, clearedInputTokens: 640 }],
    });

    await session.recordUserInput('Now fix logout.');
    const second = await generateText({
      model: claude,
      ...(await session.prompt({ provider: 'anthropic' })),
      onStepFinish: session.recordStep,
    });
    await session.recordResult(second);
    const sent = anthropic.bodies[1];
    const sentText = JSON.stringify(sent);
    // The block goes back as Anthropic made it, and the turns it stands for are not sent.
    expect(sentText).toContain(JSON.stringify({ type: 'compaction', content: SUMMARY }));
    expect(sentText).not.toContain(OLD_TURN);
    expect(sentText).not.toContain('OLD-RESULT');
    expect(sentText).toContain('Now fix logout.');
    expect(sent?.['system']).toEqual([{ type: 'text', text: 'You are a coding agent.' }]);

    // The same session for OpenAI: the readable summary, never the Anthropic block.
    const openaiBodies: string[] = [];
    const scripted = createScriptedFetch((request) => openaiBodies.push(request.body));
    scripted.expect('openai', [{ text: 'Both are fixed.' }]);
    const gpt = providerClients(scripted.fetch).openai.responses('gpt-4.1');
    const context = await ledgerServer.client.modelContext<ModelMessage>(sessionId, {
      format: 'ai-sdk-prompt',
      provider: 'openai',
    });
    expect(context.diagnostics).toMatchObject({
      providerCompaction: { family: 'anthropic', sentAs: 'summary' },
    });
    await generateText({
      model: gpt,
      ...(context.system === undefined ? {} : { system: context.system }),
      messages: context.messages,
    });
    const [openaiBody] = openaiBodies;
    expect(openaiBody).toContain('SUMMARY: the user asked to fix login');
    expect(openaiBody).not.toContain('"compaction"');
    expect(openaiBody).not.toContain(OLD_TURN);
    expect(openaiBody).toContain('Fixed login.');
    expect(openaiBody).toContain('Now fix logout.');

    // The debug view names it too.
    const debug = await ledgerServer.client.debugPage(sessionId);
    expect(debug.providerChanges?.map((change) => change.change)).toEqual([
      'provider-compacted',
      'provider-edited',
    ]);
    expect(debug.providerChanges?.[1]).toMatchObject({
      clearedToolResultIds: [expect.any(String)],
    });

    // `diff` names what Anthropic dropped: the covered turns and the tool result it cleared.
    const last = (await eventsOf(ledgerServer.client, sessionId)).at(-1)?.revision ?? 0;
    const run = runCliProcess(['diff', sessionId, '--from', '0', '--to', String(last), '--json'], {
      DATA_DIR: ledgerServer.server.dataDir,
    });
    expect(run.stderr).toBe('');
    const diff = JSON.parse(run.stdout) as { providerChanges: unknown[] };
    const toolResultId = events.find((event) => event.type === 'ToolResultRecorded')?.data;
    expect(diff.providerChanges).toEqual([
      {
        change: 'provider-compacted',
        revision: compaction?.revision,
        compactionId: (compaction?.data as { compactionId?: string } | undefined)?.compactionId,
        provider: 'anthropic.messages',
        family: 'anthropic',
        artifactMessageId: (compaction?.data as { artifactMessageId?: string } | undefined)
          ?.artifactMessageId,
        coveredMessageIds: events
          .filter((event) =>
            ['UserInputRecorded', 'ToolCallRecorded', 'ToolResultRecorded'].includes(event.type),
          )
          .map((event) => (event.data as { id?: string }).id),
      },
      {
        change: 'provider-edited',
        revision: edited?.revision,
        callId: (edited?.data as { callId?: string } | undefined)?.callId,
        provider: 'anthropic.messages',
        edits: [{ type: 'clear_tool_uses_20250919', clearedToolUses: 1, clearedInputTokens: 640 }],
        clearedToolResultIds: [(toolResultId as { id?: string } | undefined)?.id],
      },
    ]);
  }, 60_000);
});
