import {
  Agent,
  MemorySession,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
  type AgentInputItem,
  type Session,
} from '@openai/agents';
import OpenAI from 'openai';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../../apps/server/test/testing/start-server';
import { collect, createLedgerClient, type LedgerClient } from '../src';
import { createOpenAIAgentsSession } from '../src/openai-agents';
import { startResponsesStandIn, type StandInReply } from './responses-stand-in';

// Offline: the SDK would otherwise export traces to OpenAI.
setTracingDisabled(true);

/** Two turns of a calculator agent: each asks the `add` tool, then answers. */
const TWO_TURNS: StandInReply[] = [
  { functionCalls: [{ callId: 'call_1', name: 'add', arguments: { a: 2, b: 3 } }] },
  { text: '2 + 3 = 5' },
  { functionCalls: [{ callId: 'call_2', name: 'add', arguments: { a: 4, b: 4 } }] },
  { text: '4 + 4 = 8' },
];

describe('the OpenAI Agents session against the running server', () => {
  let server: RunningServer | undefined;
  let ledger: LedgerClient;

  beforeAll(async () => {
    server = await startServer();
    ledger = createLedgerClient({ baseUrl: server.url });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  /** Runs `turns` with a real Runner over a fresh Responses stand-in; answers the final outputs. */
  async function runTurns(session: Session, replies: StandInReply[], turns: string[]) {
    const standIn = await startResponsesStandIn(replies);
    const added: string[] = [];
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
            execute: ({ a, b }) => {
              added.push(`${a}+${b}`);
              return String(a + b);
            },
          }),
        ],
      });
      const outputs: unknown[] = [];
      for (const turn of turns) outputs.push((await run(agent, turn, { session })).finalOutput);
      return { outputs, added, requests: standIn.requests };
    } finally {
      await standIn.close();
    }
  }

  it('holds the items MemorySession holds for the same run, across turns, and a fresh session object resumes from the ledger', async () => {
    const memory = new MemorySession({ sessionId: 'memory' });
    const session = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId: 'agents-1' });
    const turns = ['What is 2 + 3?', 'And 4 + 4?'];
    const inMemory = await runTurns(memory, TWO_TURNS, turns);
    const inLedger = await runTurns(session, TWO_TURNS, turns);

    expect(inLedger.outputs).toEqual(['2 + 3 = 5', '4 + 4 = 8']);
    expect(inLedger.added).toEqual(['2+3', '4+4']);
    const items = await memory.getItems();
    expect(items.map((item) => item.type)).toEqual([
      'message',
      'function_call',
      'function_call_result',
      'message',
      'message',
      'function_call',
      'function_call_result',
      'message',
    ]);
    expect(await session.getItems()).toEqual(items);
    expect(await session.getItems(3)).toEqual(await memory.getItems(3));
    expect(await session.getItems(0)).toEqual([]);
    // The model was sent the same history both ways (the second turn's input holds the first).
    expect(inLedger.requests.map((request) => request['input'])).toEqual(
      inMemory.requests.map((request) => request['input']),
    );

    // A new process: a fresh object over the same session id reads the history back and goes on.
    const resumed = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId: 'agents-1' });
    expect(await resumed.getItems()).toEqual(items);
    const third: StandInReply[] = [{ text: 'You asked two sums.' }];
    const next = await runTurns(resumed, third, ['What did I ask?']);
    const input = next.requests[0]?.['input'] as unknown[];
    expect(input).toHaveLength(items.length + 1);
    expect(await resumed.getItems()).toHaveLength(items.length + 2);

    // Recorded as runtime messages: the transcript, search and model context read them.
    const transcript = await collect(ledger.transcript('agents-1'));
    expect(transcript.map((entry) => entry.kind)).toEqual([
      'user_input',
      'tool_call',
      'tool_result',
      'assistant_text',
      'user_input',
      'tool_call',
      'tool_result',
      'assistant_text',
      'user_input',
      'assistant_text',
    ]);
    expect(transcript[1]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'add', input: { a: 2, b: 3 } },
    ]);
    const context = await ledger.modelContext<{ role: string }>('agents-1', { format: 'ai-sdk' });
    expect(context.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    const hits = await ledger.searchPage({ q: 'What did I ask' }, 'agents-1');
    expect(hits.results.length).toBeGreaterThan(0);
  });

  it('pops items and clears the session as MemorySession does, by rewinds the transcript still shows', async () => {
    const memory = new MemorySession({ sessionId: 'memory' });
    const session = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId: 'agents-2' });
    await runTurns(memory, TWO_TURNS.slice(0, 2), ['What is 2 + 3?']);
    await runTurns(session, TWO_TURNS.slice(0, 2), ['What is 2 + 3?']);

    const popped = await session.popItem();
    expect(popped).toEqual(await memory.popItem());
    expect(popped).toMatchObject({ type: 'message', role: 'assistant' });
    expect(await session.getItems()).toEqual(await memory.getItems());
    await session.popItem();
    await memory.popItem();
    expect(await session.getItems()).toEqual(await memory.getItems());
    expect((await session.getItems()).map((item: AgentInputItem) => item.type)).toEqual([
      'message',
      'function_call',
    ]);

    await session.clearSession();
    await memory.clearSession();
    expect(await session.getItems()).toEqual([]);
    expect(await session.popItem()).toBeUndefined();
    expect(await memory.popItem()).toBeUndefined();
    // Rewinds, not deletions: the transcript keeps every message, marked rewound.
    const transcript = await collect(ledger.transcript('agents-2'));
    expect(transcript.map((entry) => entry.rewound ?? false)).toEqual([true, true, true, true]);
    // The session goes on after a clear.
    await session.addItems([{ role: 'user', content: 'Start again' }]);
    expect(await session.getItems()).toEqual([{ role: 'user', content: 'Start again' }]);
  });

  it('keeps an item losslessly, binary data included, and an unknown session has no items', async () => {
    const session = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId: 'agents-3' });
    expect(await session.getItems()).toEqual([]);
    expect(await session.popItem()).toBeUndefined();
    await session.clearSession();
    const items: AgentInputItem[] = [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look at this' },
          { type: 'input_image', image: 'https://example.com/a.png', detail: 'low' },
        ],
        providerData: { note: 'kept' },
      },
      {
        type: 'function_call',
        callId: 'call_bin',
        name: 'render',
        arguments: '{"x":1}',
        status: 'completed',
      },
      {
        type: 'function_call_result',
        callId: 'call_bin',
        name: 'render',
        status: 'completed',
        output: {
          type: 'image',
          image: { data: new Uint8Array([0, 1, 2, 250]), mediaType: 'image/png' },
        },
      },
      { type: 'reasoning', content: [{ type: 'input_text', text: 'Thinking' }] },
      { type: 'hosted_tool_call', name: 'web_search', status: 'completed' },
    ];
    await session.addItems(items);
    expect(await session.getItems()).toEqual(items);
    const transcript = await collect(ledger.transcript('agents-3'));
    expect(transcript.map((entry) => entry.kind)).toEqual([
      'user_input',
      'tool_call',
      'tool_result',
      'assistant_reasoning',
      'system_note',
    ]);
  });

  it('replaces the history with a compaction in one append: the items start again at the compaction item, OpenAI is sent the item and other providers the history it covers, once', async () => {
    const session = createOpenAIAgentsSession({ baseUrl: server!.url, sessionId: 'agents-4' });
    const memory = new MemorySession({ sessionId: 'memory' });
    const history: AgentInputItem[] = [
      { role: 'user', content: 'First question' },
      {
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'First answer' }],
      },
      { role: 'user', content: 'Second question' },
    ];
    await session.addItems(history);
    await memory.addItems(history);
    const replacement: AgentInputItem[] = [
      { type: 'compaction', id: 'cmp_1', encrypted_content: 'opaque-compacted-history' },
      { role: 'user', content: 'Second question' },
    ];
    await session.replaceHistoryWithCompaction?.(replacement);
    // MemorySession has no replaceHistoryWithCompaction: the runner clears it and adds the items.
    await memory.clearSession();
    await memory.addItems(replacement);
    expect(await session.getItems()).toEqual(await memory.getItems());
    expect(await session.getItems()).toEqual(replacement);

    const events = await collect(ledger.events('agents-4'));
    const compaction = events.find((event) => event.type === 'ProviderCompactionRecorded');
    const retainedId = events
      .filter((event) => event.type === 'UserInputRecorded')
      .map((event) => (event.data as { id: string }).id)
      .at(-1);
    expect(compaction?.data).toMatchObject({
      provider: 'openai',
      family: 'openai',
      retainedMessageIds: [retainedId],
    });
    expect(compaction?.data).not.toHaveProperty('summary');

    const openai = await ledger.modelContext<{ role: string; content: unknown }>('agents-4', {
      format: 'ai-sdk',
      provider: 'openai',
    });
    expect(openai.messages).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: '',
            providerOptions: {
              openai: {
                type: 'compaction',
                encryptedContent: 'opaque-compacted-history',
                itemId: 'cmp_1',
              },
            },
          },
        ],
      },
      { role: 'user', content: 'Second question' },
    ]);
    const anthropic = await ledger.modelContext<{ role: string; content: unknown }>('agents-4', {
      format: 'ai-sdk',
      provider: 'anthropic',
    });
    expect(anthropic.messages).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Second question' },
    ]);
    expect(anthropic.diagnostics.providerCompaction).toMatchObject({
      family: 'openai',
      sentAs: 'none',
      omittedRetainedMessageIds: [retainedId],
    });

    // A fork keeps the compaction: Anthropic still gets the covered history once.
    await ledger.fork('agents-4', { sessionId: 'agents-4-fork' });
    const forked = await ledger.modelContext<{ role: string; content: unknown }>('agents-4-fork', {
      format: 'ai-sdk',
      provider: 'anthropic',
    });
    expect(forked.messages).toEqual(anthropic.messages);

    // Popping the compaction item leaves no item, as in MemorySession.
    await session.popItem();
    await memory.popItem();
    expect(await session.popItem()).toEqual(await memory.popItem());
    expect(await session.getItems()).toEqual([]);
  });
});
