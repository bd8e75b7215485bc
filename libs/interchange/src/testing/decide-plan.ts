import type { SessionEvent } from '@agent-ledger/events';
import { decideSession, evolveSession, initialSessionState } from '@agent-ledger/sessions';
import type { ImportPlan } from '../import-plan';

const NOW = '2026-02-01T00:00:00.000Z';

/**
 * Runs an import plan through the session decider in memory, as the write side would (state
 * carried over from `previous` when given): the events each session's stream receives.
 */
export function decidePlan(
  plan: ImportPlan,
  previous: ReadonlyMap<string, SessionEvent[]> = new Map(),
): Map<string, SessionEvent[]> {
  const streams = new Map<string, SessionEvent[]>();
  for (const session of plan.sessions) {
    const events = [...(previous.get(session.sessionId) ?? [])];
    const state = initialSessionState();
    events.forEach((event) => evolveSession(state, event));
    for (const command of session.commands) {
      const decided = decideSession(command, state, { now: NOW });
      decided.forEach((event) => evolveSession(state, event));
      events.push(...decided);
    }
    streams.set(session.sessionId, events);
  }
  return streams;
}
