/** ~2 KB of a source file: the output of the bench turn's `Read` call. */
const TOOL_OUTPUT =
  'export function login(user: string, password: string) { return check(user); }\n'.repeat(26);

/**
 * One agent turn of 4 messages (~2.3 KB of JSON): the user's input, a `Read` call, its result,
 * the answer; ids unique per (session, index).
 */
export function agentTurn(sessionId: string, index: number): Array<Record<string, unknown>> {
  return [
    {
      id: `u${index}`,
      sessionId,
      kind: 'user_input',
      role: 'user',
      content: `Step ${index}: look at the next file.`,
    },
    {
      id: `c${index}`,
      sessionId,
      kind: 'tool_call',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `call_${index}`,
          toolName: 'Read',
          input: { file_path: `src/file-${index}.ts` },
        },
      ],
    },
    {
      id: `r${index}`,
      sessionId,
      kind: 'tool_result',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call_${index}`,
          output: { type: 'text', value: TOOL_OUTPUT },
        },
      ],
    },
    {
      id: `a${index}`,
      sessionId,
      kind: 'assistant_text',
      role: 'assistant',
      content: `File ${index} looks fine.`,
    },
  ];
}
