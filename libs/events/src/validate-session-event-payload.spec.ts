import fc from 'fast-check';
import type { EventPayloadValidator } from '@agent-ledger/event-store';
import type { RuntimeMessageKind } from '@agent-ledger/messages';
import {
  arbitraryRuntimeMessage,
  arbitrarySessionHistory,
  seedExampleEvents,
} from '@agent-ledger/testing';
import { EVENT_TYPE_OF_KIND } from './session-event';
import { messageRecorded } from './message-recorded';
import { validateSessionEventPayload } from './validate-session-event-payload';

const V1 = { schemaVersion: 1 };

/** A message event of `kind` whose data is `fields` over a valid base. */
function messageEvent(kind: RuntimeMessageKind, role: string, fields: Record<string, unknown>) {
  return {
    type: EVENT_TYPE_OF_KIND[kind],
    metadata: V1,
    data: { id: 'm9', sessionId: 's1', kind, role, createdAt: '2026-04-08T09:00:00Z', ...fields },
  };
}

describe('validateSessionEventPayload', () => {
  it('satisfies the event store port', () => {
    const validator: EventPayloadValidator = validateSessionEventPayload;
    expect(validator({ id: 'e1', type: 'SessionEnded', data: {} })).toEqual([
      'data/sessionId: is required',
      'data/endedAt: is required',
    ]);
  });

  describe('accepts', () => {
    it('the seed example', () => {
      for (const event of seedExampleEvents()) {
        expect(validateSessionEventPayload({ ...event, metadata: V1 })).toEqual([]);
      }
    });

    it('every event of every generated history', () => {
      fc.assert(
        fc.property(arbitrarySessionHistory(), (events) => {
          for (const event of events) {
            expect(validateSessionEventPayload({ ...event, metadata: V1 })).toEqual([]);
          }
        }),
      );
    });

    it('every generated runtime message of every kind, recorded as its event', () => {
      fc.assert(
        fc.property(arbitraryRuntimeMessage(), (message) => {
          expect(validateSessionEventPayload(messageRecorded(message))).toEqual([]);
        }),
        { numRuns: 300 },
      );
    });

    it('an event without metadata as the current version, and extra metadata fields', () => {
      const [started] = seedExampleEvents();
      expect(validateSessionEventPayload({ type: 'SessionStarted', data: started?.data })).toEqual(
        [],
      );
      const metadata = { schemaVersion: 1, commandId: 'c1', storeField: 7 };
      expect(validateSessionEventPayload({ ...started!, metadata })).toEqual([]);
    });
  });

  describe('refuses', () => {
    it('an unknown event type', () => {
      expect(validateSessionEventPayload({ type: 'UserInputRecordedd', data: {} })).toEqual([
        'type: "UserInputRecordedd" is not a session event type (known: SystemNoteRecorded, UserInputRecorded, AssistantTextRecorded, AssistantReasoningRecorded, ToolCallRecorded, ToolResultRecorded, ToolApprovalRequested, ToolApprovalResponded, CompactBoundaryRecorded, CompactSummaryRecorded, RuntimeReminderRecorded, HandoffSummaryRecorded, AgentSwitchNoteRecorded, SessionStarted, SessionEnded, SessionRewound, ToolResultsPruned, ModelCallRecorded, ClaudeCodeEntriesRecorded, ContextOverflowRecovered, ProviderCompactionRecorded, ProviderContextEdited)',
      ]);
    });

    it('an unsupported schema version', () => {
      const event = { ...seedExampleEvents()[0]!, metadata: { schemaVersion: 2 } };
      expect(validateSessionEventPayload(event)).toEqual([
        'metadata/schemaVersion: 2 is not supported for SessionStarted (supported: 1)',
      ]);
    });

    it('metadata without a schema version, or not an object', () => {
      const event = seedExampleEvents()[0]!;
      expect(validateSessionEventPayload({ ...event, metadata: { commandId: 'c1' } })).toEqual([
        'metadata/schemaVersion: is required',
      ]);
      expect(validateSessionEventPayload({ ...event, metadata: 'v1' })).toEqual([
        'metadata: must be object',
      ]);
      expect(validateSessionEventPayload({ ...event, metadata: { schemaVersion: '1' } })).toEqual([
        'metadata/schemaVersion: must be integer',
      ]);
    });

    it('message fields every kind shares: id, createdAt, closed objects, metadata', () => {
      const event = messageEvent('system_note', 'system', {
        id: '',
        createdAt: '2026-04-08 09:00',
        colour: 'blue',
        metadata: { source: 'model', compactedAt: 'yesterday', tags: 'a' },
        content: 'Workspace root is /repo',
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "": data/colour: is not allowed here (allowed: id, sessionId, runId, role, kind, createdAt, metadata, content)',
        'message "": data/id: must not be empty',
        'message "": data/createdAt: must be an RFC 3339 date-time with a time zone, e.g. "2026-04-08T10:00:00Z"',
        'message "": data/metadata/compactedAt: must be an RFC 3339 date-time with a time zone, e.g. "2026-04-08T10:00:00Z"',
        'message "": data/metadata/source: must be one of "user", "runtime", "hook", "tool", "system"',
        'message "": data/metadata/tags: must be array',
      ]);
    });

    it('data that is not an object, without naming a message id', () => {
      expect(validateSessionEventPayload({ type: 'UserInputRecorded', data: 'hello' })).toEqual([
        'message: data: must be object',
      ]);
    });

    it('a kind that does not match the event type', () => {
      const event = messageEvent('user_input', 'user', { kind: 'assistant_text', content: 'hi' });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/kind: must be "user_input"',
      ]);
    });
  });

  describe('content shape, per kind', () => {
    it('system_note: plain text, role system', () => {
      const event = messageEvent('system_note', 'user', { content: [{ type: 'text', text: 'x' }] });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/role: must be "system"',
        'message "m9": data/content: must be string',
      ]);
    });

    it('user_input: text, image and file parts only', () => {
      const event = messageEvent('user_input', 'user', {
        content: [
          { type: 'video', url: 'https://example.com/v.mp4' },
          { type: 'image' },
          { type: 'file', data: 'aGk=', filename: 'a.txt' },
        ],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/type: must be one of "text", "image", "file"',
        'message "m9": data/content/1/image: is required',
        'message "m9": data/content/2/mediaType: is required',
      ]);
    });

    it('assistant_text: text and file parts, no images', () => {
      const event = messageEvent('assistant_text', 'assistant', {
        content: [{ type: 'image', image: 'aGk=' }],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/type: must be one of "text", "file"',
      ]);
    });

    it('assistant_reasoning: reasoning parts', () => {
      const event = messageEvent('assistant_reasoning', 'assistant', {
        content: [{ type: 'text', text: 'thinking' }],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/type: must be "reasoning"',
      ]);
    });

    it('tool_call: a non-empty array of tool-call parts', () => {
      expect(
        validateSessionEventPayload(messageEvent('tool_call', 'assistant', { content: [] })),
      ).toEqual([
        'message "m9": data/content: must not be empty; expected a non-empty array of tool-call parts',
      ]);
      const event = messageEvent('tool_call', 'assistant', {
        content: [{ type: 'tool-call', toolCallId: 1, toolName: 'Read', args: {} }],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/input: is required',
        'message "m9": data/content/0/args: is not allowed here (allowed: type, toolCallId, toolName, input, inputBlobs, providerExecuted, providerOptions)',
        'message "m9": data/content/0/toolCallId: must be string',
      ]);
    });

    it('tool_result: a non-empty array of tool-result parts with a known output variant', () => {
      expect(
        validateSessionEventPayload(
          messageEvent('tool_result', 'tool', { content: '...长文件...' }),
        ),
      ).toEqual([
        'message "m9": data/content: must be array; expected a non-empty array of tool-result parts',
      ]);
      const event = messageEvent('tool_result', 'tool', {
        content: [
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'txt', value: 'x' } },
          { type: 'tool-result', toolCallId: 'call_2', output: { type: 'text' } },
          {
            type: 'tool-result',
            toolCallId: 'call_3',
            output: { type: 'json', value: [1, undefined] },
          },
        ],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/output/type: must be one of "text", "json", "error-text", "error-json", "content", "execution-denied", "blob"',
        'message "m9": data/content/1/output/value: is required',
        'message "m9": data/content/2/output/value/1: must be a JSON value',
      ]);
    });

    it('tool_approval_request: parts naming the approval and the call', () => {
      const event = messageEvent('tool_approval_request', 'assistant', {
        content: [{ type: 'tool-approval-request', approvalId: 'a1' }],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/0/toolCallId: is required',
      ]);
    });

    it('tool_approval_request: keeps the AI SDK signature and inputSchemaInput; v1 events without them stay valid', () => {
      const signed = messageEvent('tool_approval_request', 'assistant', {
        content: [
          {
            type: 'tool-approval-request',
            approvalId: 'a1',
            toolCallId: 'call_1',
            signature: 'hmac-base64url',
            inputSchemaInput: { command: 'ls', limit: '10' },
          },
        ],
      });
      expect(validateSessionEventPayload(signed)).toEqual([]);
      const unsigned = messageEvent('tool_approval_request', 'assistant', {
        content: [{ type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'call_1' }],
      });
      expect(validateSessionEventPayload(unsigned)).toEqual([]);
      const wrong = messageEvent('tool_approval_request', 'assistant', {
        content: [
          {
            type: 'tool-approval-request',
            approvalId: 'a1',
            toolCallId: 'call_1',
            signature: 7,
            signed: true,
          },
        ],
      });
      expect(validateSessionEventPayload(wrong)).toEqual([
        'message "m9": data/content/0/signed: is not allowed here (allowed: type, approvalId, toolCallId, signature, inputSchemaInput)',
        'message "m9": data/content/0/signature: must be string',
      ]);
    });

    it('tool_approval_response: approved is a boolean, role tool', () => {
      const event = messageEvent('tool_approval_response', 'user', {
        content: [{ type: 'tool-approval-response', approvalId: 'a1', approved: 'yes' }],
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/role: must be "tool"',
        'message "m9": data/content/0/approved: must be boolean',
      ]);
    });

    it('compact_boundary: {type: "compact-boundary", trigger, ...}', () => {
      expect(
        validateSessionEventPayload(
          messageEvent('compact_boundary', 'system', { content: 'compacted' }),
        ),
      ).toEqual([
        'message "m9": data/content: must be object; expected an object {type: "compact-boundary", trigger: "auto" or "manual", tokensBefore?, reason?, retainFromMessageId?}: why the context was compacted, and the recent turns it keeps verbatim',
      ]);
      const event = messageEvent('compact_boundary', 'system', {
        content: { type: 'compact-boundary', trigger: 'scheduled', tokensBefore: -1 },
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/trigger: must be one of "auto", "manual"',
        'message "m9": data/content/tokensBefore: must be >= 0',
      ]);
    });

    it('compact_summary: metadata.summaryForBoundaryId is required', () => {
      expect(
        validateSessionEventPayload(
          messageEvent('compact_summary', 'user', { content: 'Summary' }),
        ),
      ).toEqual(['message "m9": data/metadata: is required']);
      const event = messageEvent('compact_summary', 'user', {
        content: 'Summary',
        metadata: { source: 'runtime' },
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/metadata/summaryForBoundaryId: is required',
      ]);
    });

    it('runtime_reminder: plain text, role system', () => {
      const event = messageEvent('runtime_reminder', 'system', { content: { text: 'todo' } });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content: must be string',
      ]);
    });

    it('handoff_summary: plain text, role user', () => {
      const event = messageEvent('handoff_summary', 'assistant', { content: 'Over to you' });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/role: must be "user"',
      ]);
    });

    it('agent_switch_note: {type: "agent-switch", fromAgent, toAgent}', () => {
      const event = messageEvent('agent_switch_note', 'system', {
        content: { type: 'agent-switch', fromAgent: 'planner' },
      });
      expect(validateSessionEventPayload(event)).toEqual([
        'message "m9": data/content/toAgent: is required',
      ]);
    });
  });

  describe('non-message events', () => {
    it('SessionStarted needs a date-time', () => {
      const event = { type: 'SessionStarted', data: { sessionId: 's1', startedAt: 'now' } };
      expect(validateSessionEventPayload(event)).toEqual([
        'data/startedAt: must be an RFC 3339 date-time with a time zone, e.g. "2026-04-08T10:00:00Z"',
      ]);
    });

    it('ToolResultsPruned names at least one message', () => {
      const event = {
        type: 'ToolResultsPruned',
        data: { sessionId: 's1', messageIds: [], compactedAt: '2026-04-08T10:00:00Z' },
      };
      expect(validateSessionEventPayload(event)).toEqual([
        'data/reason: is required',
        'data/messageIds: must not be empty; expected a non-empty array of ids of tool_result runtime messages',
      ]);
    });

    describe('ModelCallRecorded', () => {
      const call = {
        sessionId: 's1',
        callId: 'gen-1:step-0',
        generationId: 'gen-1',
        responseMessageCount: 2,
        messageIds: ['gen-1:0', 'gen-1:1'],
        recordedAt: '2026-04-08T10:00:00.000Z',
      };

      it('accepts the required facts alone, and every optional one', () => {
        expect(validateSessionEventPayload({ type: 'ModelCallRecorded', data: call })).toEqual([]);
        const full = {
          ...call,
          stepNumber: 0,
          runId: 'run-7',
          agentName: 'build',
          provider: 'anthropic.messages',
          modelId: 'claude-sonnet-4-5',
          responseId: 'msg_01',
          finishReason: 'tool-calls',
          usage: {
            inputTokens: 1200,
            inputTokenDetails: { noCacheTokens: 200, cacheReadTokens: 1000, cacheWriteTokens: 0 },
            outputTokens: 80,
            outputTokenDetails: { textTokens: 60, reasoningTokens: 20 },
            totalTokens: 1280,
            reasoningTokens: 20,
            cachedInputTokens: 1000,
            raw: { input_tokens: 200, cache_read_input_tokens: 1000 },
          },
          providerMetadata: { anthropic: { cacheCreationInputTokens: 0 } },
          contextRevision: 5,
        };
        expect(
          validateSessionEventPayload({ type: 'ModelCallRecorded', data: full, metadata: V1 }),
        ).toEqual([]);
      });

      it('refuses negative or non-numeric counts, unknown usage fields and a missing callId', () => {
        const { callId: _callId, ...withoutCallId } = call;
        const event = {
          type: 'ModelCallRecorded',
          data: {
            ...withoutCallId,
            stepNumber: 1.5,
            usage: {
              inputTokens: -1,
              outputTokens: '80',
              outputTokenDetails: { imageTokens: 3 },
            },
          },
        };
        expect(validateSessionEventPayload(event)).toEqual([
          'data/callId: is required',
          'data/stepNumber: must be integer',
          'data/usage/inputTokens: must be >= 0',
          'data/usage/outputTokens: must be number',
          'data/usage/outputTokenDetails/imageTokens: is not allowed here (allowed: textTokens, reasoningTokens)',
        ]);
      });
    });
  });
});
