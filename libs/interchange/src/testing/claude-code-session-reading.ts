/** What `claudeCodeSessionReading` writes. */
export interface ClaudeCodeReadingSession {
  sessionId: string;
  /** The file's path, as the `Read` calls name it. */
  filePath: string;
  /** The file's text: every `Read` answers it whole. */
  fileText: string;
  /** How many turns read the file. */
  reads: number;
}

/**
 * A Claude Code session file (JSONL) in which the agent reads the same file `reads` times, one
 * user turn each: the user asks, the assistant calls `Read`, the tool answers the whole file.
 * The shape of the entries is Claude Code's (the fixtures' in `fixtures/claude-code`).
 */
export function claudeCodeSessionReading(session: ClaudeCodeReadingSession): string {
  const { sessionId, filePath, fileText, reads } = session;
  const base = { isSidechain: false, userType: 'external', cwd: '/repo', sessionId };
  const lines: object[] = [];
  let parentUuid: string | null = null;
  const push = (uuid: string, entry: object): void => {
    lines.push({ ...base, parentUuid, uuid, ...entry });
    parentUuid = uuid;
  };
  for (let turn = 1; turn <= reads; turn += 1) {
    const timestamp = new Date(Date.UTC(2026, 0, 5, 10, turn)).toISOString();
    push(`u${turn}`, {
      type: 'user',
      timestamp,
      message: { role: 'user', content: `Read ${filePath} again (${turn}).` },
    });
    push(`a${turn}`, {
      type: 'assistant',
      timestamp,
      requestId: `req_${turn}`,
      message: {
        id: `msg_${turn}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [
          { type: 'tool_use', id: `toolu_${turn}`, name: 'Read', input: { file_path: filePath } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 100, output_tokens: 20 },
      },
    });
    push(`r${turn}`, {
      type: 'user',
      timestamp,
      message: {
        role: 'user',
        content: [{ tool_use_id: `toolu_${turn}`, type: 'tool_result', content: fileText }],
      },
      toolUseResult: { type: 'text', file: { filePath } },
    });
  }
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}
