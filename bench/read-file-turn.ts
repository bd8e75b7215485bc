import type { RuntimeMessage } from '@agent-ledger/messages';

/** When every message of a bench turn was created: one instant, so runs compare. */
export const TURN_CREATED_AT = '2026-04-08T10:00:00.000Z';

/**
 * Agent turn `index` of 4 messages, as the model-context benches build their sessions: a user
 * input, a `Read` call, its result of exactly `outputBytes` (lines of a source file), an answer.
 */
export function readFileTurn(
  sessionId: string,
  index: number,
  outputBytes: number,
): RuntimeMessage[] {
  const base = { sessionId, createdAt: TURN_CREATED_AT };
  const toolCallId = `call_${index}`;
  const line = `export const value${index} = compute(${index}); // a line of file ${index}\n`;
  return [
    { ...base, id: `u${index}`, kind: 'user_input', role: 'user', content: `Read file ${index}.` },
    {
      ...base,
      id: `c${index}`,
      kind: 'tool_call',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId,
          toolName: 'Read',
          input: { file_path: `src/f${index}.ts` },
        },
      ],
    },
    {
      ...base,
      id: `r${index}`,
      kind: 'tool_result',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName: 'Read',
          output: {
            type: 'text',
            value: line.repeat(Math.ceil(outputBytes / line.length)).slice(0, outputBytes),
          },
        },
      ],
    },
    {
      ...base,
      id: `a${index}`,
      kind: 'assistant_text',
      role: 'assistant',
      content: `File ${index} read.`,
    },
  ];
}
