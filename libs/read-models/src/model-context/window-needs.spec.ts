import { messageRecorded } from '@agent-ledger/events';
import { WindowNeeds } from './window-needs';

const base = { sessionId: 's1', createdAt: '2026-04-08T09:00:00Z' };
const call = (id: string, toolCallId: string) =>
  messageRecorded({
    ...base,
    id,
    kind: 'tool_call',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input: {} }],
  });
const result = (id: string, toolCallId: string) =>
  messageRecorded({
    ...base,
    id,
    kind: 'tool_result',
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId, output: { type: 'text', value: 'ok' } }],
  });

describe('WindowNeeds', () => {
  it('needs nothing when every result of the window answers a call of the window', () => {
    const needs = new WindowNeeds();
    needs.noteInWindow(result('m2', 'call_1'));
    needs.noteInWindow(call('m1', 'call_1'));
    expect(needs.satisfied()).toBe(true);
  });

  it('needs the call of a result from before the boundary, and takes only that one', () => {
    const needs = new WindowNeeds();
    needs.noteInWindow(result('m9', 'call_1'));
    expect(needs.satisfied()).toBe(false);
    expect(needs.takeSupport(call('m5', 'call_0'))).toBe(false);
    expect(needs.takeSupport(result('m4', 'call_1'))).toBe(false);
    expect(needs.takeSupport(call('m3', 'call_1'))).toBe(true);
    expect(needs.satisfied()).toBe(true);
  });

  it('needs an older boundary that a summary of the window names', () => {
    const needs = new WindowNeeds();
    needs.noteInWindow(
      messageRecorded({
        ...base,
        id: 's0',
        kind: 'compact_summary',
        role: 'user',
        metadata: { summaryForBoundaryId: 'b0' },
        content: 'Earlier summary',
      }),
    );
    const boundary = messageRecorded({
      ...base,
      id: 'b0',
      kind: 'compact_boundary',
      role: 'system',
      content: { type: 'compact-boundary', trigger: 'manual' },
    });
    expect(needs.satisfied()).toBe(false);
    expect(needs.takeSupport(boundary)).toBe(true);
    expect(needs.satisfied()).toBe(true);
  });
});
