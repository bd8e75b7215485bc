import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { codingAgents } from '../coding-agents.example';
import { providerClients } from '../scenario/provider-clients';
import { createScriptedFetch } from './wire-fetch';
import type { ScriptedReply } from './scripted-reply';
import { recordOf, type WireProvider } from './wire-format';

/**
 * The scripted providers must answer what the real adapters parse as meant: reasoning with the
 * provider's signature, text, parallel tool calls, the finish reason, usage and response id.
 */
const reply: ScriptedReply = {
  reasoning: 'Read both files. RSN-anthropic-01',
  text: 'Reading.',
  toolCalls: [
    { id: 'c1', name: 'Read', input: { file_path: 'a.ts' } },
    { id: 'c2', name: 'Read', input: { file_path: 'b.ts' } },
  ],
};

const tools = {
  Read: tool({
    inputSchema: jsonSchema<{ file_path: string }>({
      type: 'object',
      properties: { file_path: { type: 'string' } },
      required: ['file_path'],
      additionalProperties: false,
    }),
    execute: ({ file_path }) => `contents of ${file_path}`,
  }),
};

async function firstStep(
  key: 'build' | 'review' | 'reviewOnChat' | 'docs',
  scripted: ScriptedReply,
) {
  const wire = createScriptedFetch();
  const agent = codingAgents(providerClients(wire.fetch), tools, 'secret')[key];
  wire.expect(agent.provider, [scripted]);
  const result = await generateText({
    model: agent.model,
    tools: agent.tools,
    ...agent.settings,
    system: 'Be terse.',
    prompt: 'Read a.ts and b.ts.',
    stopWhen: stepCountIs(1),
  });
  return { step: result.steps[0]!, request: wire.requests[0]! };
}

/** Where each adapter puts the reasoning's signature in the provider metadata. */
const signatureOf: Record<Exclude<WireProvider, 'openai.chat'>, (metadata: unknown) => unknown> = {
  anthropic: (metadata) => recordOf(recordOf(metadata)?.['anthropic'])?.['signature'],
  openai: (metadata) => recordOf(recordOf(metadata)?.['openai'])?.['reasoningEncryptedContent'],
  google: (metadata) => recordOf(recordOf(metadata)?.['google'])?.['thoughtSignature'],
};

describe.each([
  ['build', 'anthropic'],
  ['review', 'openai'],
  ['docs', 'google'],
] as const)('the %s agent’s adapter (%s) reads the scripted reply', (key, provider) => {
  it('as signed reasoning, text, two tool calls run in parallel, and tool-calls', async () => {
    const { step, request } = await firstStep(key, reply);
    expect(request.provider).toBe(provider);
    expect(step.reasoning.map((part) => part.text)).toEqual([reply.reasoning]);
    const reasoning = step.content.find((part) => part.type === 'reasoning');
    expect(typeof signatureOf[provider](reasoning?.providerMetadata)).toBe('string');
    expect(step.text).toBe('Reading.');
    expect(step.toolCalls.map((call) => [call.toolCallId, call.input])).toEqual([
      ['c1', { file_path: 'a.ts' }],
      ['c2', { file_path: 'b.ts' }],
    ]);
    expect(step.toolResults.map((result) => String(result.output))).toEqual([
      'contents of a.ts',
      'contents of b.ts',
    ]);
    expect(step.finishReason).toBe('tool-calls');
    expect(step.usage.inputTokens).toBeGreaterThan(0);
    expect(step.response.id).toMatch(/conformance/);
    expect(step.warnings).toEqual([]);
  });
});

describe('the review agent on Chat Completions', () => {
  it('reads text and tool calls; the script may give it no reasoning', async () => {
    const { reasoning: _reasoning, ...withoutReasoning } = reply;
    const { step } = await firstStep('reviewOnChat', withoutReasoning);
    expect(step.text).toBe('Reading.');
    expect(step.toolCalls.map((call) => call.toolCallId)).toEqual(['c1', 'c2']);
    expect(step.finishReason).toBe('tool-calls');
    await expect(firstStep('reviewOnChat', reply)).rejects.toThrow(/no reasoning/);
  });
});

describe('the scripted fetch', () => {
  it('fails a call from another provider than the script expects', async () => {
    const wire = createScriptedFetch();
    const agents = codingAgents(providerClients(wire.fetch), tools, 'secret');
    wire.expect('google', [{ text: 'hi' }]);
    await expect(
      generateText({ model: agents.build.model, prompt: 'Hi.', maxRetries: 0 }),
    ).rejects.toThrow(/where the script expects google/);
  });
});
