import type { LedgerExchange, SessionRecord, TranscriptEntry } from '../scenario/session-record';
import { arrayOf, recordOf } from '../wire/wire-format';

/**
 * Intent 6: every message the runtime sent is in the transcript exactly once, in the order it was
 * sent, and the transcript shows nothing the runtime did not send. What was sent is read from the
 * runtime's own requests to the ledger: the messages it posted (by id), the new messages of each
 * recorded step (a step carries its generation's messages so far; only those past the previous
 * step of the same `generationId` are new), compactions and hand-offs. Each is reduced to keys
 * (`message <id>`, `tool call <id>`, `text "…"`, …) that a transcript entry yields too. Checked on
 * the transcript read after each generation; each broken rule is reported once, where it first
 * shows.
 */
export function transcriptViolations(record: SessionRecord): string[] {
  const reported = new Set<string>();
  const violations: string[] = [];
  for (const snapshot of record.transcripts) {
    const sent = sentKeys(record.ledger.slice(0, snapshot.exchangeCount));
    const shown = snapshot.entries.flatMap((entry) => entryKeys(entry, sent.messageIds));
    for (const violation of snapshotViolations(sent.keys, shown)) {
      if (reported.has(violation)) continue;
      reported.add(violation);
      const after = record.calls[snapshot.afterRequest - 1]?.label ?? 'the start';
      violations.push(`after ${after}: ${violation}`);
    }
  }
  return violations;
}

function snapshotViolations(sent: string[], shown: string[]): string[] {
  const violations: string[] = [];
  const sentSet = new Set(sent);
  for (const key of sent) {
    const count = shown.filter((candidate) => candidate === key).length;
    if (count !== 1) violations.push(`${key} is in the transcript ${count} times, not once`);
  }
  for (const key of new Set(shown)) {
    if (!sentSet.has(key))
      violations.push(`the transcript shows ${key}, which the runtime never sent`);
  }
  const order = shown.filter((key, index) => sentSet.has(key) && shown.indexOf(key) === index);
  const expected = sent.filter((key) => order.includes(key));
  const first = expected.findIndex((key, index) => order[index] !== key);
  if (first !== -1) {
    violations.push(
      `the transcript's order differs from the sending order at ${expected[first]} (sent #${first + 1}); the transcript has ${order[first]} there`,
    );
  }
  return violations;
}

/** What the runtime sent, as keys in sending order, and the ids of the messages it named. */
function sentKeys(exchanges: readonly LedgerExchange[]): {
  keys: string[];
  messageIds: Set<string>;
} {
  const keys: string[] = [];
  const messageIds = new Set<string>();
  const seenPerGeneration = new Map<string, number>();
  const named = (message: unknown) => {
    const id = String(recordOf(message)?.['id']);
    messageIds.add(id);
    keys.push(`message ${id}`);
  };
  for (const exchange of exchanges) {
    if (exchange.method !== 'POST' || exchange.status !== 200) continue;
    const body = recordOf(exchange.body);
    const route = exchange.path.split('/').at(-1);
    if (route === 'messages') arrayOf(body?.['messages']).forEach(named);
    if (route === 'compactions') [body?.['boundary'], body?.['summary']].forEach(named);
    if (route === 'handoffs') {
      keys.push(`hand-off summary ${JSON.stringify(body?.['summary'])}`);
      keys.push(`agent switch ${String(body?.['fromAgent'])} → ${String(body?.['toAgent'])}`);
    }
    if (route === 'ai-sdk-steps') {
      const generationId = String(body?.['generationId']);
      const messages = arrayOf(body?.['messages']);
      const seen = seenPerGeneration.get(generationId) ?? 0;
      keys.push(...messages.slice(seen).flatMap(aiSdkMessageKeys));
      seenPerGeneration.set(generationId, Math.max(seen, messages.length));
    }
  }
  return { keys, messageIds };
}

/** The keys of an AI SDK response message (assistant or tool), part by part. */
function aiSdkMessageKeys(message: unknown): string[] {
  const content = recordOf(message)?.['content'];
  if (typeof content === 'string') return content === '' ? [] : [`text ${JSON.stringify(content)}`];
  return arrayOf(content).flatMap(partKeys);
}

/** The keys of a content part, shared by AI SDK messages and runtime messages. */
function partKeys(item: unknown): string[] {
  const part = recordOf(item);
  switch (part?.['type']) {
    case 'text':
      return part['text'] === '' ? [] : [`text ${JSON.stringify(part['text'])}`];
    case 'reasoning':
      return [`reasoning ${JSON.stringify(part['text'])}`];
    case 'tool-call':
      return [`tool call ${String(part['toolCallId'])}`];
    case 'tool-result':
      return [`tool result ${String(part['toolCallId'])}`];
    case 'tool-approval-request':
      return [`approval request ${String(part['approvalId'])}`];
    case 'tool-approval-response':
      return [`approval response ${String(part['approvalId'])}`];
    default:
      return [`part ${JSON.stringify(item)}`];
  }
}

/** The keys of a transcript entry: its id when the runtime named it, else its content's. */
function entryKeys(entry: TranscriptEntry, messageIds: ReadonlySet<string>): string[] {
  if (messageIds.has(entry.id)) return [`message ${entry.id}`];
  const content = entry.content;
  switch (entry.kind) {
    case 'assistant_text':
      return typeof content === 'string'
        ? [`text ${JSON.stringify(content)}`]
        : arrayOf(content).flatMap(partKeys);
    case 'assistant_reasoning':
      return typeof content === 'string'
        ? [`reasoning ${JSON.stringify(content)}`]
        : arrayOf(content).flatMap(partKeys);
    case 'tool_call':
    case 'tool_result':
    case 'tool_approval_request':
    case 'tool_approval_response':
      return arrayOf(content).flatMap(partKeys);
    case 'handoff_summary':
      return [`hand-off summary ${JSON.stringify(content)}`];
    case 'agent_switch_note': {
      const note = recordOf(content);
      return [`agent switch ${String(note?.['fromAgent'])} → ${String(note?.['toAgent'])}`];
    }
    default:
      return [`${entry.kind} ${entry.id}`];
  }
}
