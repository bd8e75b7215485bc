import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '@agent-ledger/event-store';

const TEXT =
  'The failing test reads the config before the fixture writes it. I will move the write into ' +
  'beforeEach, rerun the suite, and check that the two other suites that share the fixture still ' +
  'pass. If they do not, the fixture should be split per suite instead of shared.';

/**
 * An event shaped like one runtime message of an agent turn (an assistant text of ~300
 * characters with its metadata), about 500 bytes of JSON.
 */
export function sampleEvent(sessionId: string, index: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'AssistantTextRecorded',
    data: {
      kind: 'assistant_text',
      id: `msg-${sessionId}-${index}`,
      role: 'assistant',
      createdAt: '2026-01-01T10:00:00.000Z',
      agentName: 'coder',
      content: [{ type: 'text', text: TEXT }],
    },
    metadata: { schemaVersion: 1 },
  };
}
