import { sessionReadableFields } from './session-readable-fields';

describe('sessionReadableFields', () => {
  it('keeps the structure of a tool call and leaves its input out', () => {
    const data = {
      id: 'm3',
      sessionId: 's1',
      role: 'assistant',
      kind: 'tool_call',
      createdAt: '2026-01-01T00:00:00.000Z',
      metadata: { agentName: 'coder', tags: ['secret-tag'], extra: { note: 'secret' } },
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'read_file',
          input: { path: '/secret' },
          providerOptions: { anthropic: { cacheControl: 'secret' } },
        },
      ],
    };
    expect(sessionReadableFields('session-s1', { type: 'ToolCallRecorded', data })).toEqual({
      id: 'm3',
      sessionId: 's1',
      role: 'assistant',
      kind: 'tool_call',
      createdAt: '2026-01-01T00:00:00.000Z',
      metadata: { agentName: 'coder' },
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file' }],
    });
  });

  it("leaves text content out whole, and keeps a boundary's counts", () => {
    const base = { id: 'm1', sessionId: 's1', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(
      sessionReadableFields('session-s1', {
        type: 'SystemNoteRecorded',
        data: { ...base, role: 'system', kind: 'system_note', content: 'secret' },
      }),
    ).toEqual({ ...base, role: 'system', kind: 'system_note' });
    expect(
      sessionReadableFields('session-s1', {
        type: 'CompactBoundaryRecorded',
        data: {
          ...base,
          role: 'system',
          kind: 'compact_boundary',
          content: {
            type: 'compact-boundary',
            trigger: 'auto',
            tokensBefore: 9000,
            reason: 'secret',
          },
        },
      }),
    ).toEqual({
      ...base,
      role: 'system',
      kind: 'compact_boundary',
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 9000 },
    });
  });

  it("keeps a model call's counts but not its raw usage, provider metadata or reasons", () => {
    const readable = sessionReadableFields('session-s1', {
      type: 'ModelCallRecorded',
      data: {
        sessionId: 's1',
        callId: 'g1:step-0',
        generationId: 'g1',
        modelId: 'claude',
        usage: { inputTokens: 10, outputTokens: 5, raw: { secret: 1 } },
        providerMetadata: { anthropic: { secret: 'x' } },
        responseMessageCount: 1,
        messageIds: ['m2'],
        recordedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(readable).toEqual({
      sessionId: 's1',
      callId: 'g1:step-0',
      generationId: 'g1',
      modelId: 'claude',
      usage: { inputTokens: 10, outputTokens: 5 },
      responseMessageCount: 1,
      messageIds: ['m2'],
      recordedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(
      sessionReadableFields('session-s1', {
        type: 'ToolResultsPruned',
        data: { sessionId: 's1', messageIds: ['m4'], compactedAt: 't', reason: 'secret' },
      }),
    ).toEqual({ sessionId: 's1', messageIds: ['m4'], compactedAt: 't' });
  });

  it('seals the raw Claude Code entries whole: only their key and time stay readable', () => {
    expect(
      sessionReadableFields('session-s1', {
        type: 'ClaudeCodeEntriesRecorded',
        data: {
          sessionId: 's1',
          projectKey: '-repo',
          subpath: 'subagents/agent-a1',
          entries: [{ type: 'user', uuid: 'u1', message: { content: 'secret' } }],
          recordedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    ).toEqual({
      sessionId: 's1',
      projectKey: '-repo',
      subpath: 'subagents/agent-a1',
      recordedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('seals nothing outside session streams, nor types it does not know', () => {
    expect(
      sessionReadableFields('$erasures', { type: 'SessionStarted', data: {} }),
    ).toBeUndefined();
    expect(sessionReadableFields('session-s1', { type: 'SomethingNew', data: {} })).toBeUndefined();
  });

  it('never throws on a payload that is not what its type says', () => {
    expect(sessionReadableFields('session-s1', { type: 'UserInputRecorded', data: 'odd' })).toEqual(
      {},
    );
    expect(
      sessionReadableFields('session-s1', {
        type: 'ToolCallRecorded',
        data: { id: 'm1', content: ['odd', null], metadata: 'odd' },
      }),
    ).toEqual({ id: 'm1', content: [{}, {}] });
  });
});
