import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * One session's turns holding `token` in every kind of content: a system note, the user's text
 * and an attachment, reasoning, a tool call's input and its result's output, the answer, a
 * runtime reminder; then a compaction (the summary) and a hand-off (its summary), each a request
 * of its own. Sent by `recordEverywhere`.
 */
export function contentTurn(sessionId: string, token: string): Record<string, unknown>[] {
  const message = (id: string, kind: string, role: string, content: unknown) => ({
    id,
    sessionId,
    kind,
    role,
    content,
  });
  return [
    message('m1', 'system_note', 'system', `Workspace of ${token}`),
    message('m2', 'user_input', 'user', [
      { type: 'text', text: `Please read the file of ${token}` },
      {
        type: 'file',
        data: `https://files.example/${token}.pdf`,
        mediaType: 'application/pdf',
        filename: `${token}.pdf`,
      },
    ]),
    message('m3', 'assistant_reasoning', 'assistant', `I should look at ${token}`),
    message('m4', 'tool_call', 'assistant', [
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'Read', input: { path: `/${token}` } },
    ]),
    message('m5', 'tool_result', 'tool', [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'Read',
        output: { type: 'text', value: `contents of ${token}` },
      },
    ]),
    message('m6', 'assistant_text', 'assistant', `The file says ${token}`),
    message('m7', 'runtime_reminder', 'system', `Remember ${token}`),
  ];
}

/** Posts the turn, a compaction and a hand-off, all holding `token`, with `subjectId`. */
export async function recordEverywhere(
  url: string,
  sessionId: string,
  subjectId: string,
  token: string,
): Promise<void> {
  const post = async (route: string, body: unknown): Promise<void> => {
    const response = await fetch(`${url}/v1/sessions/${sessionId}/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) {
      throw new Error(`${route}: ${response.status} ${await response.text()}`);
    }
  };
  await post('messages', { subjectId, messages: contentTurn(sessionId, token) });
  await post('compactions', {
    boundary: {
      id: 'b1',
      sessionId,
      kind: 'compact_boundary',
      role: 'system',
      content: { type: 'compact-boundary', trigger: 'manual' },
    },
    summary: {
      id: 'sum1',
      sessionId,
      kind: 'compact_summary',
      role: 'user',
      content: `So far: the file of ${token}`,
      metadata: { summaryForBoundaryId: 'b1' },
    },
  });
  await post('handoffs', { fromAgent: 'build', toAgent: 'review', summary: `Review ${token}` });
}

/** Every file under `folder` (recursively) whose bytes hold `token` as UTF-8 or in lower case. */
export function filesHolding(folder: string, token: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) {
      found.push(...filesHolding(file, token));
      continue;
    }
    const bytes = readFileSync(file);
    if (bytes.includes(token) || bytes.includes(token.toLowerCase())) found.push(file);
  }
  return found;
}

/** The routes that could show a session's content, or name it. */
export function sessionRoutes(sessionId: string): string[] {
  const session = `/v1/sessions/${sessionId}`;
  return [
    `${session}/transcript`,
    `${session}/debug`,
    `${session}/export`,
    `${session}/export?format=markdown`,
    `${session}/model-context`,
    `${session}/model-context?format=ai-sdk&provider=anthropic`,
    `${session}/events`,
    `${session}/analytics`,
    `${session}/search?q=file`,
  ];
}
