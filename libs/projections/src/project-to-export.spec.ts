import type { RuntimeMessage } from '@agent-ledger/messages';
import { projectToExport } from './project-to-export';
import {
  CREATED_AT,
  agentSwitch,
  assistantText,
  boundary,
  history,
  reasoning,
  reminder,
  summary,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };
const fakeKey = 'sk-proj-' + 'Ab1'.repeat(10);

describe('projectToExport', () => {
  const image: RuntimeMessage = userInput('u2', [
    { type: 'text', text: `my key is ${fakeKey}` },
    { type: 'image', image: 'c2stcHJvai1hYmM=', mediaType: 'image/png' },
  ]);
  const messages = history(
    userInput('u1', 'Log in with password=hunter2 please', { agentName: 'build' }),
    reasoning('t1', 'thinking'),
    toolCall('c1', 'call_1', { url: 'https://api.example.com', apiKey: 'plain-looking-value' }),
    toolResult(
      'r1',
      'call_1',
      { type: 'json', value: { headers: [`Bearer ${'x'.repeat(20)}`] } },
      {
        compactedAt: '2026-04-08T10:00:00Z',
      },
    ),
    reminder('n1', 'Plan mode is on'),
    agentSwitch('w1', { type: 'agent-switch', fromAgent: 'plan', toAgent: 'build' }),
    assistantText('a0', 'Tool call interrupted', { synthetic: true }),
    boundary('b1'),
    summary('s1', 'Summary', 'b1'),
    image,
  );

  it('removes runtime noise, marks the boundary in one line, and redacts every string', () => {
    expect(projectToExport(messages, context)).toEqual({
      messages: [
        {
          view: 'export',
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u1'],
          id: 'u1',
          createdAt: CREATED_AT,
          agentName: 'build',
          content: 'Log in with password=[REDACTED] please',
        },
        {
          view: 'export',
          role: 'assistant',
          semanticType: 'tool_call',
          sourceMessageIds: ['c1'],
          id: 'c1',
          createdAt: CREATED_AT,
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Read',
              input: { url: 'https://api.example.com', apiKey: '[REDACTED]' },
            },
          ],
        },
        {
          view: 'export',
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['r1'],
          id: 'r1',
          createdAt: CREATED_AT,
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'json', value: { headers: ['Bearer [REDACTED]'] } },
            },
          ],
        },
        {
          view: 'export',
          role: 'system',
          semanticType: 'compact_boundary',
          sourceMessageIds: ['b1'],
          id: 'b1',
          createdAt: CREATED_AT,
          content: 'Context compacted (auto)',
        },
        {
          view: 'export',
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u2'],
          id: 'u2',
          createdAt: CREATED_AT,
          content: [
            { type: 'text', text: 'my key is [REDACTED]' },
            { type: 'image', image: 'c2stcHJvai1hYmM=', mediaType: 'image/png' },
          ],
        },
      ],
      diagnostics: {
        hiddenMessageIds: ['t1', 'n1', 'w1', 'a0', 's1'],
        truncatedMessageIds: [],
        injectedNotes: [],
        redactionCount: 4,
        redactedMessageIds: ['u1', 'c1', 'r1', 'u2'],
      },
    });
  });

  it('keeps reasoning with includeReasoning true', () => {
    const result = projectToExport(messages, { ...context, includeReasoning: true });
    expect(result.diagnostics.hiddenMessageIds).toEqual(['n1', 'w1', 'a0', 's1']);
  });

  it('redacts nothing with redact: false', () => {
    const result = projectToExport(messages, context, { redact: false });
    expect([result.messages[0]?.content, result.diagnostics.redactionCount]).toEqual([
      'Log in with password=hunter2 please',
      0,
    ]);
  });

  it('applies a custom hook to every string, besides secret-named properties', () => {
    const result = projectToExport([toolCall('c1', 'call_1', { path: 'a/secret-dir' })], context, {
      redact: (text) => text.replaceAll('secret-dir', '<dir>'),
    });
    expect(result.messages[0]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: { path: 'a/<dir>' } },
    ]);
  });

  it('gives a secret used as a message or tool call id one stable placeholder, and redacts a file URL', () => {
    const secretCall = 'ghp_' + 'Zz9'.repeat(12);
    const result = projectToExport(
      [
        toolCall(fakeKey, secretCall, { path: 'a.txt' }),
        toolResult('r1', secretCall, 'done'),
        userInput('u1', [
          { type: 'text', text: 'see the file' },
          {
            type: 'file',
            data: 'https://bot:hunter22@files.example/a.pdf',
            mediaType: 'application/pdf',
          },
          { type: 'file', data: 'c2stcHJvai1hYmM=', mediaType: 'application/pdf' },
        ]),
      ],
      context,
    );
    const [call, output, input] = result.messages;
    expect(call?.id).toMatch(/^\[REDACTED:[0-9a-f]{12}\]$/);
    expect(call?.sourceMessageIds).toEqual([call?.id]);
    const toolCallIdOf = (content: unknown): unknown => {
      const part: unknown = Array.isArray(content) ? (content as unknown[])[0] : undefined;
      return typeof part === 'object' && part !== null && 'toolCallId' in part
        ? part.toolCallId
        : undefined;
    };
    expect(toolCallIdOf(call?.content)).toMatch(/^\[REDACTED:[0-9a-f]{12}\]$/);
    expect(toolCallIdOf(output?.content)).toEqual(toolCallIdOf(call?.content));
    expect(toolCallIdOf(call?.content)).not.toEqual(call?.id);
    expect(input?.content).toEqual([
      { type: 'text', text: 'see the file' },
      {
        type: 'file',
        data: 'https://bot:[REDACTED]@files.example/a.pdf',
        mediaType: 'application/pdf',
      },
      { type: 'file', data: 'c2stcHJvai1hYmM=', mediaType: 'application/pdf' },
    ]);
    expect(result.diagnostics.redactedMessageIds).toEqual([call?.id, 'r1', 'u1']);
  });

  it('is plain JSON', () => {
    const result = projectToExport(messages, context);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});
