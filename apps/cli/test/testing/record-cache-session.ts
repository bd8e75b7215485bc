import type { PostCommand } from './record-through-server';

/** The session `recordCacheSession` writes, and the figures each of its model calls reported. */
export const CACHE_SESSION = {
  sessionId: 'cache-costs',
  /** Per call in log order: reported input, output, cache reads and writes; the ledger's count. */
  calls: [
    { callId: 'g1:step-0', input: 2100, output: 50, read: 0, write: 2100, counted: 2080 },
    { callId: 'g2:step-0', input: 2200, output: 60, read: 2100, write: 100, counted: 2150 },
    { callId: 'g3:step-0', input: 260, output: 70, read: 20, write: 240, counted: 250 },
    { callId: 'g4:step-0', input: 300, output: 80, read: 260, write: 40, counted: 290 },
    { callId: 'g5:step-0', input: 320, output: 90, read: 0, write: 320, counted: 300 },
  ],
  /** The first call's measured latency and cost (the others recorded neither). */
  firstLatencyMs: 1840,
  firstCost: { amount: 0.0123, currency: 'USD' },
} as const;

/**
 * Records, through the write side, a session whose model calls reported cache reads and writes
 * the caller controls, with two prunings between them: a large file read pruned after two calls
 * (it sheds far more than the cache writes again: net cheaper) and a small listing pruned after
 * four (its removal re-writes the whole cached prefix for one call's saving: net dearer).
 */
export async function recordCacheSession(post: PostCommand): Promise<void> {
  const sessionId = CACHE_SESSION.sessionId;
  const at = '2026-05-02T08:00:00Z';
  const result = (id: string, toolCallId: string, toolName: string, text: string) => ({
    id,
    sessionId,
    kind: 'tool_result',
    role: 'tool',
    createdAt: at,
    content: [{ type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: text } }],
  });
  const call = (id: string, toolCallId: string, toolName: string) => ({
    id,
    sessionId,
    kind: 'tool_call',
    role: 'assistant',
    createdAt: at,
    content: [{ type: 'tool-call', toolCallId, toolName, input: {} }],
  });
  await post(`${sessionId}/messages`, {
    messages: [
      {
        id: 'u1',
        sessionId,
        kind: 'user_input',
        role: 'user',
        createdAt: at,
        content: 'Read the log and list the folder.',
      },
      call('t1', 'k1', 'Read'),
      result('r1', 'k1', 'Read', 'x'.repeat(8000)),
      call('t2', 'k2', 'List'),
      result('r2', 'k2', 'List', 'y'.repeat(400)),
    ],
  });
  const step = async (index: number) => {
    const figures = CACHE_SESSION.calls[index];
    if (figures === undefined) throw new Error(`No call ${index}`);
    await post(`${sessionId}/ai-sdk-steps`, {
      generationId: `g${index + 1}`,
      stepNumber: 0,
      messages: [],
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
      finishReason: 'stop',
      usage: {
        inputTokens: figures.input,
        outputTokens: figures.output,
        totalTokens: figures.input + figures.output,
        inputTokenDetails: { cacheReadTokens: figures.read, cacheWriteTokens: figures.write },
      },
      contextTokens: { input: figures.counted, method: 'calibrated' },
      ...(index === 0
        ? { latencyMs: CACHE_SESSION.firstLatencyMs, cost: CACHE_SESSION.firstCost }
        : {}),
    });
  };
  await step(0);
  await step(1);
  await post(`${sessionId}/prunings`, { messageIds: ['r1'], reason: 'old read' });
  await step(2);
  await step(3);
  await post(`${sessionId}/prunings`, { messageIds: ['r2'], reason: 'old listing' });
  await step(4);
}
