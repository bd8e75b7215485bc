/**
 * The rules of Anthropic's Messages API that a serialized history must obey, checked on a
 * captured request body (the parsed JSON that `@ai-sdk/anthropic` sends). Returns one line per
 * broken rule; an empty array means the body is valid:
 * - `messages` is a non-empty array of `user`/`assistant` messages (system text only in the
 *   top-level `system` field), the first is a `user` message, and roles alternate;
 * - no message and no text block is empty;
 * - every `tool_use` block (ids unique) is answered by exactly one `tool_result` block with the
 *   same id in the very next message, a user message whose tool results come before its other
 *   blocks; every `tool_result` answers a `tool_use` of the message right before it.
 */
export function anthropicRequestViolations(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body['messages'])) return ['body has no messages array'];
  const messages: unknown[] = body['messages'];
  if (messages.length === 0) return ['messages is empty'];
  const violations: string[] = [];
  const seenToolUseIds = new Set<string>();
  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isRecord(message)) {
      violations.push(`${where} is not an object`);
      return;
    }
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant') {
      violations.push(
        `${where} has role ${String(role)}; only user and assistant are allowed (system goes in the top-level system field)`,
      );
    }
    if (index === 0 && role !== 'user')
      violations.push(`${where} is the first message but has role ${String(role)}, not user`);
    const previous = messages[index - 1];
    if (isRecord(previous) && previous['role'] === role)
      violations.push(`${where} has the same role (${String(role)}) as the message before it`);
    const blocks = blocksOf(message['content']);
    if (blocks === undefined)
      violations.push(`${where} has content that is neither a string nor an array`);
    else if (blocks.length === 0) violations.push(`${where} has empty content`);
    blocks?.forEach((block, blockIndex) => {
      if (
        block['type'] === 'text' &&
        (typeof block['text'] !== 'string' || block['text'].trim() === '')
      ) {
        violations.push(`${where}.content[${blockIndex}] is an empty text block`);
      }
      if (block['type'] === 'tool_use') {
        const id = String(block['id']);
        if (seenToolUseIds.has(id))
          violations.push(`${where}.content[${blockIndex}] repeats tool_use id ${id}`);
        seenToolUseIds.add(id);
      }
    });
    violations.push(...toolUseViolations(messages, index));
    violations.push(...toolResultViolations(messages, index));
  });
  return violations;
}

/** Tool uses of `messages[index]` must be answered by the next message. */
function toolUseViolations(messages: unknown[], index: number): string[] {
  const toolUseIds = idsOf(messages[index], 'tool_use', 'id');
  if (toolUseIds.length === 0) return [];
  const next = messages[index + 1];
  if (!isRecord(next) || next['role'] !== 'user') {
    return [
      `messages[${index}] has tool_use ${toolUseIds.join(', ')} but the next message is not a user message`,
    ];
  }
  const violations: string[] = [];
  const resultIds = idsOf(next, 'tool_result', 'tool_use_id');
  for (const id of toolUseIds) {
    const count = resultIds.filter((resultId) => resultId === id).length;
    if (count !== 1)
      violations.push(
        `tool_use ${id} in messages[${index}] is answered ${count} times in messages[${index + 1}], expected once`,
      );
  }
  const blocks = blocksOf(next['content']) ?? [];
  const firstOther = blocks.findIndex((block) => block['type'] !== 'tool_result');
  const lastResult = blocks.map((block) => block['type']).lastIndexOf('tool_result');
  if (firstOther !== -1 && lastResult > firstOther) {
    violations.push(`messages[${index + 1}] has a tool_result block after a non-tool_result block`);
  }
  return violations;
}

/** Tool results of `messages[index]` must answer the message right before. */
function toolResultViolations(messages: unknown[], index: number): string[] {
  const previousToolUseIds = new Set(idsOf(messages[index - 1], 'tool_use', 'id'));
  return idsOf(messages[index], 'tool_result', 'tool_use_id')
    .filter((id) => !previousToolUseIds.has(id))
    .map(
      (id) =>
        `messages[${index}] has a tool_result for ${id}, which is not a tool_use of the message before`,
    );
}

function idsOf(message: unknown, type: string, field: string): string[] {
  if (!isRecord(message)) return [];
  return (blocksOf(message['content']) ?? [])
    .filter((block) => block['type'] === type)
    .map((block) => String(block[field]));
}

function blocksOf(content: unknown): Array<Record<string, unknown>> | undefined {
  if (typeof content === 'string')
    return content.trim() === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return undefined;
  return content.map((block: unknown) => (isRecord(block) ? block : {}));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
