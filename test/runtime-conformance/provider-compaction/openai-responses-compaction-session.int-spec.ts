import {
  Agent,
  MemorySession,
  OpenAIResponsesCompactionSession,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
  type Session,
} from '@openai/agents';
import type { ModelMessage } from 'ai';
import OpenAI from 'openai';
import { z } from 'zod';
import { collect, type LedgerClient } from '@agent-ledger/client';
import { createOpenAIAgentsSession } from '@agent-ledger/client/openai-agents';
import {
  compactedContentOf,
  startResponsesStandIn,
  type StandInReply,
} from '../../../libs/client/test/responses-stand-in';
import { sendThrough } from './send-through';
import { withLedgerServer } from '../with-ledger-server';

// Offline: the SDK would otherwise export traces to OpenAI.
setTracingDisabled(true);

const TURNS = ['What is 2 + 3?', 'Remember that result.', 'Double it.', 'What did I ask first?'];
const REPLIES: StandInReply[] = [
  { functionCalls: [{ callId: 'call_1', name: 'add', arguments: { a: 2, b: 3 } }] },
  { text: '2 + 3 = 5' },
  { text: 'Noted: 5.' },
  { text: 'Doubled: 10.' },
  { text: 'You asked for 2 + 3.' },
];
/** The covered turns' answers: what OpenAI's compaction item stands for. */
const COVERED_ANSWERS = ['2 + 3 = 5', 'Noted: 5.'];

/**
 * Runs the four turns through the real Runner, the session wrapped in the SDK's
 * `OpenAIResponsesCompactionSession` (compacting, through `responses.compact` on the stand-in,
 * once the session holds four items that are neither user messages nor compaction items: after
 * the second turn). Answers the requests the Runner sent and the compact requests.
 */
async function runTurns(underlyingSession: Session) {
  const standIn = await startResponsesStandIn(REPLIES);
  try {
    const client = new OpenAI({ apiKey: 'offline', baseURL: standIn.baseURL });
    const session = new OpenAIResponsesCompactionSession({
      client,
      underlyingSession,
      model: 'gpt-4.1',
      compactionMode: 'input',
      shouldTriggerCompaction: ({ compactionCandidateItems }) =>
        compactionCandidateItems.length >= 4,
    });
    const agent = new Agent({
      name: 'calculator',
      instructions: 'Add numbers with the add tool.',
      model: new OpenAIResponsesModel(client, 'gpt-4.1'),
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
    return { requests: standIn.requests, compactRequests: standIn.compactRequests };
  } finally {
    await standIn.close();
  }
}

/**
 * A Responses API `input` as a list of what each item says: `user:<text>`, `assistant:<text>`,
 * `call:<id>`, `result:<id>`, `compaction:<item id>` (the item itself, or the `item_reference`
 * `@ai-sdk/openai` sends for it).
 */
function sequenceOf(input: unknown): string[] {
  const items = Array.isArray(input) ? (input as Array<Record<string, unknown>>) : [];
  return items.map((item) => {
    if (item['type'] === 'compaction' || item['type'] === 'item_reference') {
      return `compaction:${String(item['id'])}`;
    }
    if (item['type'] === 'function_call') return `call:${String(item['call_id'])}`;
    if (item['type'] === 'function_call_output') return `result:${String(item['call_id'])}`;
    const content = item['content'];
    const text =
      typeof content === 'string'
        ? content
        : (Array.isArray(content) ? (content as Array<{ text?: unknown }>) : [])
            .map((part) => String(part.text))
            .join('\n');
    return `${String(item['role'])}:${text}`;
  });
}

const occurrences = (body: string, text: string) => body.split(text).length - 1;

/**
 * The SDK's `OpenAIResponsesCompactionSession` over the ledger's OpenAI Agents session: it
 * compacts by `clearSession()` then `addItems(<the kept user messages, then the compaction
 * item>)`. The ledger records that as a provider compaction, not a rewind: OpenAI is sent what
 * the SDK sends, every other provider the covered history once.
 */
describe("OpenAIResponsesCompactionSession's clear-and-add over the ledger's session", () => {
  const ledger = withLedgerServer();
  const sessionId = 'responses-compaction-session';
  let client: LedgerClient;

  beforeAll(() => {
    client = ledger.client;
  });

  it('is recorded as a provider compaction: the items and requests of MemorySession, the SDK input for OpenAI, the covered history once for others', async () => {
    const inMemory = await runTurns(new MemorySession({ sessionId: 'memory' }));
    const session = createOpenAIAgentsSession({ baseUrl: ledger.url, sessionId });
    const inLedger = await runTurns(session);

    // The SDK compacted once, after the second turn, and its own semantics hold on the ledger.
    expect(inMemory.compactRequests).toHaveLength(1);
    expect(inLedger.compactRequests).toEqual(inMemory.compactRequests);
    expect(inLedger.requests.map((request) => request['input'])).toEqual(
      inMemory.requests.map((request) => request['input']),
    );
    // The session holds the kept user messages, then the item; the Runner sends from the item on.
    expect(sequenceOf((await session.getItems()).slice(0, 3))).toEqual([
      `user:${TURNS[0]}`,
      `user:${TURNS[1]}`,
      'compaction:cmp_c1',
    ]);
    const lastRequest = inLedger.requests.at(-1)?.['input'];
    expect(sequenceOf(lastRequest)).toEqual([
      'compaction:cmp_c1',
      `user:${TURNS[2]}`,
      'assistant:Doubled: 10.',
      `user:${TURNS[3]}`,
    ]);

    // A provider compaction over the first two turns, no rewind.
    const events = await collect(client.events(sessionId));
    expect(events.some((event) => event.type === 'SessionRewound')).toBe(false);
    const compactions = events.filter((event) => event.type === 'ProviderCompactionRecorded');
    expect(compactions).toHaveLength(1);
    const copies = events
      .filter((event) => event.type === 'UserInputRecorded')
      .map((event) => event.data as { id: string; metadata?: { repeatsMessageId?: string } })
      .filter((data) => data.metadata?.repeatsMessageId !== undefined);
    expect(copies).toHaveLength(2);
    expect(compactions[0]?.data).toMatchObject({
      provider: 'openai',
      family: 'openai',
      retainedMessageIds: copies.map((copy) => copy.id),
    });

    // OpenAI, through the real `@ai-sdk/openai`: exactly what the SDK sent, and the answer after.
    const openai = await client.modelContext<ModelMessage>(sessionId, {
      format: 'ai-sdk-prompt',
      provider: 'openai',
    });
    expect(openai.diagnostics.providerCompaction).toMatchObject({ sentAs: 'artifact' });
    const openaiBody = JSON.parse(await sendThrough('openai', openai)) as { input: unknown };
    expect(sequenceOf(openaiBody.input)).toEqual([
      ...sequenceOf(lastRequest),
      'assistant:You asked for 2 + 3.',
    ]);

    // Anthropic, through the real `@ai-sdk/anthropic`: every turn once, the tool call, no item.
    const anthropic = await client.modelContext<ModelMessage>(sessionId, {
      format: 'ai-sdk-prompt',
      provider: 'anthropic',
    });
    expect(anthropic.diagnostics.providerCompaction).toMatchObject({
      sentAs: 'none',
      omittedRetainedMessageIds: copies.map((copy) => copy.id),
    });
    const anthropicBody = await sendThrough('anthropic', anthropic);
    for (const text of [...TURNS, ...COVERED_ANSWERS]) {
      expect(occurrences(anthropicBody, text)).toBe(1);
    }
    expect(anthropicBody).toContain('"tool_use"');
    expect(anthropicBody).not.toContain(compactedContentOf(1));

    // The debug view names the compaction and the messages it covers (not its copies).
    const debug = await client.debugPage(sessionId);
    const [change] = debug.providerChanges ?? [];
    expect(change).toMatchObject({ change: 'provider-compacted', family: 'openai' });
    const covered = events
      .filter((event) =>
        [
          'UserInputRecorded',
          'ToolCallRecorded',
          'ToolResultRecorded',
          'AssistantTextRecorded',
        ].includes(event.type),
      )
      .map((event) => event.data as { id: string; metadata?: { repeatsMessageId?: string } })
      .slice(0, 6)
      .map((data) => data.id);
    expect(change && 'coveredMessageIds' in change ? change.coveredMessageIds : []).toEqual(
      covered,
    );

    // The transcript shows the item as a provider compaction entry, and the copies it kept.
    const transcript = await collect(client.transcript(sessionId));
    const artifactId = (compactions[0]?.data as { artifactMessageId?: string } | undefined)
      ?.artifactMessageId;
    expect(transcript.find((entry) => entry.id === artifactId)?.providerCompaction).toEqual({
      family: 'openai',
      artifact: 'openai-compaction-item',
    });
    expect(
      transcript.filter((entry) => entry.repeatsMessageId !== undefined).map((entry) => entry.id),
    ).toEqual(copies.map((copy) => copy.id));

    // Analytics count it among the providers' compactions.
    const analytics = await client.sessionAnalytics(sessionId);
    expect(analytics.providerCompactions).toEqual([
      expect.objectContaining({
        compactionId: (compactions[0]?.data as { compactionId?: string } | undefined)?.compactionId,
        family: 'openai',
      }),
    ]);
  }, 120_000);

  it('a plain clearSession() is still a rewind: written at the next call, or after the grace period', async () => {
    const plain = 'plain-clear';
    const items = [{ role: 'user' as const, content: 'Keep me until the clear' }];
    const first = createOpenAIAgentsSession({ baseUrl: ledger.url, sessionId: plain });
    await first.addItems(items);

    // A clear followed by a read: the rewind is written before the read.
    await first.clearSession();
    expect(await first.getItems()).toEqual([]);
    const rewinds = async () =>
      (await collect(client.events(plain))).filter((event) => event.type === 'SessionRewound');
    expect(await rewinds()).toHaveLength(1);

    // A clear followed by nothing: the rewind is written once the grace period is over.
    await first.addItems(items);
    const idle = createOpenAIAgentsSession({
      baseUrl: ledger.url,
      sessionId: plain,
      clearSessionGraceMs: 50,
    });
    await idle.clearSession();
    let written = await rewinds();
    for (let attempt = 0; attempt < 100 && written.length < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      written = await rewinds();
    }
    expect(written).toHaveLength(2);
    expect(await first.getItems()).toEqual([]);
  });

  it('a grace period that ends while the compacted output is being written writes no rewind', async () => {
    const quick = 'quick-grace';
    const session = createOpenAIAgentsSession({
      baseUrl: ledger.url,
      sessionId: quick,
      clearSessionGraceMs: 0,
    });
    const question = { role: 'user' as const, content: 'What is 2 + 3?' };
    await session.addItems([question]);
    await session.clearSession();
    const output = [
      {
        type: 'message' as const,
        id: 'msg_c1_0',
        role: 'user' as const,
        content: [{ type: 'input_text' as const, text: 'What is 2 + 3?' }],
      },
      { type: 'compaction' as const, id: 'cmp_q', encrypted_content: 'gAAAA-quick' },
    ];
    await session.addItems(output);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const types = (await collect(client.events(quick))).map((event) => event.type);
    expect(types).not.toContain('SessionRewound');
    expect(types).toContain('ProviderCompactionRecorded');
    expect(await session.getItems()).toEqual(output);
  });

  it('nothing is lost when the process stops between the clear and the items: the history stays whole', async () => {
    const stopped = 'stopped-between';
    const items = [{ role: 'user' as const, content: 'Still here' }];
    const before = createOpenAIAgentsSession({
      baseUrl: ledger.url,
      sessionId: stopped,
      clearSessionGraceMs: 60_000,
    });
    await before.addItems(items);
    await before.clearSession();
    // Another process (a new session object) reads before the held clear is written.
    const after = createOpenAIAgentsSession({ baseUrl: ledger.url, sessionId: stopped });
    expect(await after.getItems()).toEqual(items);
    const events = await collect(client.events(stopped));
    expect(events.some((event) => event.type === 'SessionRewound')).toBe(false);
    // Let the first object write its clear, so that no timer outlives the test.
    expect(await before.getItems()).toEqual([]);
  });
});
