import {
  Agent,
  MemorySession,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
  type Session,
} from '@openai/agents';
import type { ModelMessage } from 'ai';
import OpenAI from 'openai';
import { z } from 'zod';
import { createLedgerClient, type LedgerClient, type StoredEvent } from '@agent-ledger/client';
import { createOpenAIAgentsSession } from '@agent-ledger/client/openai-agents';
import { runCliProcess } from '../../../apps/cli/test/testing/run-cli-process';
import { startServer, type RunningServer } from '../../../apps/server/test/testing/start-server';
import {
  startResponsesStandIn,
  type StandInReply,
} from '../../../libs/client/test/responses-stand-in';
import { sendThrough } from './send-through';

// Offline: the SDK would otherwise export traces to OpenAI.
setTracingDisabled(true);

const FIRST_TURN = 'What is 2 + 3?';
const FIRST_ANSWER = '2 + 3 = 5';
const SECOND_TURN = 'Remember that result.';
const ENCRYPTED = 'gAAAA-encrypted-history-of-turns-one-and-two';

/**
 * Three turns of a calculator agent; the second answer comes after OpenAI compacted the context
 * on its side (a `compaction` item first in the response's output).
 */
const REPLIES: StandInReply[] = [
  { functionCalls: [{ callId: 'call_1', name: 'add', arguments: { a: 2, b: 3 } }] },
  { text: FIRST_ANSWER },
  { compaction: ENCRYPTED, text: 'Noted: 5.' },
  { text: 'You asked for 2 + 3, which is 5.' },
];
const TURNS = [FIRST_TURN, SECOND_TURN, 'What did I ask first?'];
/** What the session holds that the item covers, and what came after it. */
const COVERED_AND_AFTER = [FIRST_TURN, FIRST_ANSWER, 'Noted: 5.', 'What did I ask first?'];

async function runTurns(session: Session) {
  const standIn = await startResponsesStandIn(REPLIES);
  try {
    const agent = new Agent({
      name: 'calculator',
      instructions: 'Add numbers with the add tool.',
      model: new OpenAIResponsesModel(
        new OpenAI({ apiKey: 'offline', baseURL: standIn.baseURL }),
        'gpt-stand-in',
      ),
      tools: [
        tool({
          name: 'add',
          description: 'Adds two numbers.',
          parameters: z.object({ a: z.number(), b: z.number() }),
          execute: ({ a, b }) => String(a + b),
        }),
      ],
    });
    for (const turn of TURNS) await run(agent, turn, { session });
    return standIn.requests;
  } finally {
    await standIn.close();
  }
}

async function eventsOf(ledger: LedgerClient, sessionId: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const event of ledger.events(sessionId)) events.push(event);
  return events;
}

/** How many times `text` occurs in `body`. */
function occurrences(body: string, text: string): number {
  return body.split(text).length - 1;
}

/**
 * OpenAI's server-side compaction through the real `@openai/agents` Runner (the Responses API a
 * local stand-in) into the ledger's OpenAI Agents session, then read back for three providers
 * through the real AI SDK adapters: OpenAI is sent the compaction item and not the turns it
 * covers; Anthropic and any other provider, which cannot read the item, the turns themselves,
 * once, and never the item.
 */
describe('an OpenAI compaction item recorded by the OpenAI Agents session', () => {
  let server: RunningServer | undefined;
  let ledger: LedgerClient;
  const sessionId = 'openai-agents-compaction';

  beforeAll(async () => {
    server = await startServer();
    ledger = createLedgerClient({ baseUrl: server.url });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('is the items MemorySession holds, the item for OpenAI, the covered turns once for the others, and a provider compaction in debug and diff', async () => {
    const memory = new MemorySession({ sessionId: 'memory' });
    const session = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId });
    const inMemory = await runTurns(memory);
    const inLedger = await runTurns(session);

    // The SDK's own semantics hold: the same items, the same requests (the third turn's input
    // starts at the compaction item).
    const items = await memory.getItems();
    expect(items[0]).toMatchObject({ type: 'compaction', encrypted_content: ENCRYPTED });
    // The input of the turn whose response carries the item is covered by it: the Runner keeps
    // the items from the compaction on, and never hands that input to any session.
    expect(JSON.stringify(items)).not.toContain(SECOND_TURN);
    expect(await session.getItems()).toEqual(items);
    expect(inLedger.map((request) => request['input'])).toEqual(
      inMemory.map((request) => request['input']),
    );
    const thirdInput = JSON.stringify(inLedger[3]?.['input']);
    expect(thirdInput).toContain(ENCRYPTED);
    expect(thirdInput).not.toContain(FIRST_TURN);

    const events = await eventsOf(ledger, sessionId);
    const compaction = events.find((event) => event.type === 'ProviderCompactionRecorded');
    expect(compaction?.data).toMatchObject({ sessionId, provider: 'openai', family: 'openai' });
    expect(compaction?.data).not.toHaveProperty('summary');
    expect(events.some((event) => event.type === 'CompactBoundaryRecorded')).toBe(false);

    // OpenAI, through the real `@ai-sdk/openai`: the item (by reference), not the covered turns.
    const openaiContext = await ledger.modelContext<ModelMessage>(sessionId, {
      format: 'ai-sdk-prompt',
      provider: 'openai',
    });
    expect(openaiContext.diagnostics.providerCompaction).toMatchObject({
      family: 'openai',
      sentAs: 'artifact',
    });
    const openaiBody = await sendThrough('openai', openaiContext);
    expect(openaiBody).toContain(JSON.stringify({ type: 'item_reference', id: 'cmp_3' }));
    expect(openaiBody).not.toContain(FIRST_TURN);
    expect(openaiBody).not.toContain(SECOND_TURN);
    expect(openaiBody).toContain('Noted: 5.');
    expect(openaiBody).toContain('What did I ask first?');

    // Anthropic, through the real `@ai-sdk/anthropic`: every covered turn once, no item.
    const anthropicContext = await ledger.modelContext<ModelMessage>(sessionId, {
      format: 'ai-sdk-prompt',
      provider: 'anthropic',
    });
    expect(anthropicContext.diagnostics.providerCompaction).toMatchObject({
      family: 'openai',
      sentAs: 'none',
    });
    const anthropicBody = await sendThrough('anthropic', anthropicContext);
    for (const text of COVERED_AND_AFTER) expect(occurrences(anthropicBody, text)).toBe(1);
    expect(anthropicBody).toContain('"tool_use"');
    expect(anthropicBody).not.toContain(ENCRYPTED);
    expect(anthropicBody).not.toContain('compaction');

    // A provider the ledger has no table for: the same covered history, no item.
    const generic = await ledger.modelContext<ModelMessage>(sessionId, { format: 'ai-sdk' });
    const genericText = JSON.stringify(generic.messages);
    for (const text of COVERED_AND_AFTER) expect(occurrences(genericText, text)).toBe(1);
    expect(occurrences(genericText, '"toolCallId":"call_1"')).toBe(2);
    expect(genericText).not.toContain(ENCRYPTED);
    expect(genericText).not.toContain('compaction');

    // The debug view and `diff` name the provider compaction and the turns it covers.
    const artifactMessageId = (compaction?.data as { artifactMessageId?: string } | undefined)
      ?.artifactMessageId;
    const artifactRevision = events.find(
      (event) => (event.data as { id?: string }).id === artifactMessageId,
    )?.revision;
    // The turn before the item: the question, the call, its result and the answer.
    const coveredMessageIds = events
      .filter(
        (event) =>
          event.revision < (artifactRevision ?? 0) &&
          [
            'UserInputRecorded',
            'ToolCallRecorded',
            'ToolResultRecorded',
            'AssistantTextRecorded',
          ].includes(event.type),
      )
      .map((event) => (event.data as { id?: string }).id);
    expect(coveredMessageIds).toHaveLength(4);
    const debug = await ledger.debugPage(sessionId);
    expect(debug.providerChanges).toEqual([
      expect.objectContaining({
        change: 'provider-compacted',
        family: 'openai',
        artifactMessageId,
        coveredMessageIds,
      }),
    ]);
    const last = events.at(-1)?.revision ?? 0;
    const diff = runCliProcess(['diff', sessionId, '--from', '0', '--to', String(last), '--json'], {
      DATA_DIR: server?.dataDir ?? '',
    });
    expect(diff.stderr).toBe('');
    expect((JSON.parse(diff.stdout) as { providerChanges: unknown[] }).providerChanges).toEqual([
      {
        change: 'provider-compacted',
        revision: compaction?.revision,
        compactionId: artifactMessageId,
        provider: 'openai',
        family: 'openai',
        artifactMessageId,
        coveredMessageIds,
      },
    ]);
  }, 90_000);
});
