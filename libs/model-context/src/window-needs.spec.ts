import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { WindowNeeds } from './window-needs';

const base = { sessionId: 's1', createdAt: '2026-04-08T09:00:00Z' };
const logged = (event: SessionEvent) => ({ event });
const call = (id: string, toolCallId: string) =>
  logged(
    messageRecorded({
      ...base,
      id,
      kind: 'tool_call',
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input: {} }],
    }),
  );
const result = (id: string, toolCallId: string) =>
  logged(
    messageRecorded({
      ...base,
      id,
      kind: 'tool_result',
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId, output: { type: 'text', value: 'ok' } }],
    }),
  );
const request = (id: string, approvalId: string, toolCallId: string) =>
  logged(
    messageRecorded({
      ...base,
      id,
      kind: 'tool_approval_request',
      role: 'assistant',
      content: [{ type: 'tool-approval-request', approvalId, toolCallId }],
    }),
  );
const response = (id: string, approvalId: string, approved: boolean) =>
  logged(
    messageRecorded({
      ...base,
      id,
      kind: 'tool_approval_response',
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId, approved }],
    }),
  );
const pruned = (...messageIds: string[]) =>
  logged({
    type: 'ToolResultsPruned',
    data: { sessionId: 's1', messageIds, compactedAt: '2026-04-08T10:00:00Z', reason: 'old' },
  });

/** Notes the window's events, given in log order (the window reads them backwards). */
function windowOf(...events: Array<{ event: SessionEvent }>): WindowNeeds {
  const needs = new WindowNeeds();
  for (const entry of [...events].reverse()) needs.noteInWindow(entry.event);
  return needs;
}

describe('WindowNeeds', () => {
  it('needs nothing when every call of the window is answered in it', () => {
    const needs = windowOf(call('m1', 'call_1'), result('m2', 'call_1'));
    expect(needs.satisfied()).toBe(true);
  });

  it('needs the call of a result from before the boundary, and takes only that one', () => {
    const needs = windowOf(result('m9', 'call_1'));
    expect(needs.satisfied()).toBe(false);
    const m5 = call('m5', 'call_0');
    const m4 = result('m4', 'call_1');
    const m3 = call('m3', 'call_1');
    expect(needs.takeSupport(m5)).toEqual([]);
    expect(needs.takeSupport(m4)).toEqual([]);
    expect(needs.takeSupport(m3)).toEqual([m3]);
    expect(needs.satisfied()).toBe(true);
  });

  it('needs a result recorded before the boundary for a call of the window nothing answers, with the marks naming it', () => {
    const needs = windowOf(call('m9', 'call_1'));
    expect(needs.satisfied()).toBe(false);
    const mark = pruned('m4');
    const other = pruned('m2');
    const m4 = result('m4', 'call_1');
    expect(needs.takeSupport(mark)).toEqual([]);
    expect(needs.takeSupport(other)).toEqual([]);
    expect(needs.takeSupport(result('m5', 'call_0'))).toEqual([]);
    expect(needs.takeSupport(m4)).toEqual([m4, mark]);
    expect(needs.satisfied()).toBe(true);
  });

  it('keeps reading back for a call of the window that has no result anywhere', () => {
    const needs = windowOf(call('m9', 'call_1'), result('m10', 'call_2'));
    expect(needs.takeSupport(call('m1', 'call_2')).length).toBe(1);
    expect(needs.satisfied()).toBe(false);
  });

  it('needs nothing for a call pending its approval, but reads back for a refused one', () => {
    const pending = windowOf(
      call('m1', 'call_1'),
      request('m2', 'a1', 'call_1'),
      response('m3', 'a1', true),
      call('m4', 'call_2'),
      request('m5', 'a2', 'call_2'),
    );
    expect(pending.satisfied()).toBe(true);
    const refused = windowOf(
      call('m1', 'call_1'),
      request('m2', 'a1', 'call_1'),
      response('m3', 'a1', false),
    );
    expect(refused.satisfied()).toBe(false);
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
    const boundary = logged(
      messageRecorded({
        ...base,
        id: 'b0',
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'manual' },
      }),
    );
    expect(needs.satisfied()).toBe(false);
    expect(needs.takeSupport(boundary)).toEqual([boundary]);
    expect(needs.satisfied()).toBe(true);
  });
});
