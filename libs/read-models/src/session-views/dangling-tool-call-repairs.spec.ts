import { danglingToolCallRepairs } from './dangling-tool-call-repairs';

describe('danglingToolCallRepairs', () => {
  it('reports each open call as normalization does with repairDanglingToolCalls: false', () => {
    const call = { holderId: 'm3', holderSeq: 2, holderRevision: 3, toolName: 'Read', open: true };
    expect(
      danglingToolCallRepairs([
        { ...call, toolCallId: 'call_1', denied: false },
        { ...call, toolCallId: 'call_2', denied: true },
      ]),
    ).toEqual([
      {
        type: 'dangling-tool-call',
        messageId: 'm3',
        toolCallId: 'call_1',
        revision: 3,
        detail:
          'Tool call "call_1" (Read) in "m3" has no result; left as it is (repair of dangling tool calls is off).',
      },
      {
        type: 'dangling-tool-call',
        messageId: 'm3',
        toolCallId: 'call_2',
        revision: 3,
        detail:
          'Tool call "call_2" (Read) in "m3" was denied and has no result; left as it is (repair of dangling tool calls is off).',
      },
    ]);
  });
});
