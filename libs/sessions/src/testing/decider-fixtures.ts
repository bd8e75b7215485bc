/**
 * Literal messages and events for the decider's tests: the seed's worked example (session "s1"),
 * plus a given/when/then helper. Test-only (excluded from the build).
 */
import type { SessionEvent } from '@agent-ledger/events';
import type {
  AssistantTextMessage,
  SystemNoteMessage,
  ToolCallMessage,
  ToolResultMessage,
  UserInputMessage,
} from '@agent-ledger/messages';
import { decideSession } from '../decide-session';
import { evolveSession } from '../evolve-session';
import { initialSessionState } from '../initial-session-state';
import type { SessionCommand } from '../session-command';
import { SessionRuleError } from '../session-rule-error';

export const NOW = '2026-04-08T10:00:00.000Z';

export const m1: SystemNoteMessage = {
  id: 'm1',
  sessionId: 's1',
  kind: 'system_note',
  role: 'system',
  createdAt: '2026-04-08T09:00:00.000Z',
  content: 'Workspace root is /repo',
};

export const m2: UserInputMessage = {
  id: 'm2',
  sessionId: 's1',
  kind: 'user_input',
  role: 'user',
  createdAt: '2026-04-08T09:00:01.000Z',
  content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
};

export const m3: ToolCallMessage = {
  id: 'm3',
  sessionId: 's1',
  kind: 'tool_call',
  role: 'assistant',
  createdAt: '2026-04-08T09:00:02.000Z',
  content: [
    {
      type: 'tool-call',
      toolCallId: 'call_1',
      toolName: 'Read',
      input: { file_path: 'src/auth.ts' },
    },
  ],
};

export const m4: ToolResultMessage = {
  id: 'm4',
  sessionId: 's1',
  kind: 'tool_result',
  role: 'tool',
  createdAt: '2026-04-08T09:00:03.000Z',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call_1',
      output: { type: 'text', value: 'export function login() { /* a long file */ }' },
    },
  ],
};

export const m5: AssistantTextMessage = {
  id: 'm5',
  sessionId: 's1',
  kind: 'assistant_text',
  role: 'assistant',
  createdAt: '2026-04-08T09:00:04.000Z',
  content: '我先定位问题，再修改登录逻辑。',
};

export const started: SessionEvent = {
  type: 'SessionStarted',
  data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00.000Z' },
};

/** The seed's example as recorded events: the session started, then m1…m5. */
export const seedExampleEvents: SessionEvent[] = [
  started,
  { type: 'SystemNoteRecorded', data: m1 },
  { type: 'UserInputRecorded', data: m2 },
  { type: 'ToolCallRecorded', data: m3 },
  { type: 'ToolResultRecorded', data: m4 },
  { type: 'AssistantTextRecorded', data: m5 },
];

/** Given `events`, when `command` is decided at `NOW`: the events it produces. */
export function decideGiven(events: SessionEvent[], command: SessionCommand): SessionEvent[] {
  const state = events.reduce(evolveSession, initialSessionState());
  return decideSession(command, state, { now: NOW });
}

/** Given `events`, when `command` is decided: the rule it breaks, as plain data. */
export function ruleBrokenGiven(
  events: SessionEvent[],
  command: SessionCommand,
): { code: string; message: string; messageId?: string; field?: string } {
  try {
    decideGiven(events, command);
  } catch (error) {
    if (!(error instanceof SessionRuleError)) throw error;
    return {
      code: error.code,
      message: error.message,
      ...(error.messageId !== undefined ? { messageId: error.messageId } : {}),
      ...(error.field !== undefined ? { field: error.field } : {}),
    };
  }
  throw new Error('Expected the command to break a rule, but it was accepted.');
}
