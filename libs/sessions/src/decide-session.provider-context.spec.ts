import type { ModelCallRecordedEvent, SessionEvent } from '@agent-ledger/events';
import type { AssistantTextMessage, UserInputMessage } from '@agent-ledger/messages';
import type { AppendMessages, ModelCallFacts, RecordModelCall } from './session-command';
import { NOW, decideGiven, m2, started } from './testing/decider-fixtures';

const createdAt = '2026-04-08T09:30:00.000Z';

/** Anthropic's answer after a server-side compaction: the compaction block, then the text. */
const compacted: AssistantTextMessage = {
  id: 'g2:0',
  sessionId: 's1',
  kind: 'assistant_text',
  role: 'assistant',
  createdAt,
  content: [
    {
      type: 'text',
      text: 'The user asked to fix login; a.ts was read.',
      providerOptions: { anthropic: { type: 'compaction' } },
    },
    { type: 'text', text: 'Done.' },
  ],
};

const facts: ModelCallFacts = {
  callId: 'g2:step-0',
  generationId: 'g2',
  stepNumber: 0,
  provider: 'anthropic.messages',
  finishReason: 'stop',
};

const record = (callFacts: ModelCallFacts): RecordModelCall => ({
  type: 'RecordModelCall',
  sessionId: 's1',
  responseMessages: [[compacted]],
  call: callFacts,
});

const callRecorded = (callFacts: ModelCallFacts): ModelCallRecordedEvent => ({
  type: 'ModelCallRecorded',
  data: {
    sessionId: 's1',
    ...callFacts,
    responseMessageCount: 1,
    messageIds: ['g2:0'],
    recordedAt: NOW,
  },
});

const userTurn: SessionEvent[] = [started, { type: 'UserInputRecorded', data: m2 }];

describe('RecordModelCall: what the provider did to the context', () => {
  it('given a user turn, when the response carries an Anthropic compaction block, then ProviderCompactionRecorded covers everything before it, its text the summary', () => {
    expect(decideGiven(userTurn, record(facts))).toEqual([
      { type: 'AssistantTextRecorded', data: compacted },
      callRecorded(facts),
      {
        type: 'ProviderCompactionRecorded',
        data: {
          sessionId: 's1',
          compactionId: 'g2:0',
          provider: 'anthropic.messages',
          family: 'anthropic',
          artifactMessageId: 'g2:0',
          coversThroughMessageId: m2.id,
          summary: 'The user asked to fix login; a.ts was read.',
          callId: 'g2:step-0',
          recordedAt: NOW,
        },
      },
    ]);
  });

  it('given a user turn, when the call reports applied context edits, then ProviderContextEdited holds them as reported', () => {
    const withEdits: ModelCallFacts = {
      ...facts,
      providerMetadata: {
        anthropic: {
          contextManagement: {
            appliedEdits: [
              { type: 'clear_tool_uses_20250919', clearedToolUses: 3, clearedInputTokens: 4200 },
              { type: 'clear_thinking_20251015', clearedThinkingTurns: 1, clearedInputTokens: 90 },
            ],
          },
        },
      },
    };
    const command: RecordModelCall = { ...record(withEdits), responseMessages: [] };
    expect(decideGiven(userTurn, command)).toEqual([
      {
        type: 'ModelCallRecorded',
        data: {
          sessionId: 's1',
          ...withEdits,
          responseMessageCount: 0,
          messageIds: [],
          recordedAt: NOW,
        },
      },
      {
        type: 'ProviderContextEdited',
        data: {
          sessionId: 's1',
          callId: 'g2:step-0',
          provider: 'anthropic.messages',
          edits: [
            { type: 'clear_tool_uses_20250919', clearedToolUses: 3, clearedInputTokens: 4200 },
            { type: 'clear_thinking_20251015', clearedThinkingTurns: 1, clearedInputTokens: 90 },
          ],
          recordedAt: NOW,
        },
      },
    ]);
  });

  it('given the compacting call recorded, when it is re-sent, then nothing is recorded again', () => {
    const after = [...userTurn, ...decideGiven(userTurn, record(facts))];
    expect(decideGiven(after, record(facts))).toEqual([]);
  });

  it('given a user turn, when the call reports no edits and no block, then no provider event is recorded', () => {
    const plain: AssistantTextMessage = { ...compacted, content: 'Done.' };
    const command: RecordModelCall = { ...record(facts), responseMessages: [[plain]] };
    expect(decideGiven(userTurn, command).map((event) => event.type)).toEqual([
      'AssistantTextRecorded',
      'ModelCallRecorded',
    ]);
  });
});

/** An OpenAI Agents session's compaction item: OpenAI's artifact, no readable text. */
const compactionItem: AssistantTextMessage = {
  id: 'oai-3',
  sessionId: 's1',
  kind: 'assistant_text',
  role: 'assistant',
  createdAt,
  content: [
    {
      type: 'text',
      text: '',
      providerOptions: {
        openai: { type: 'compaction', encryptedContent: 'gAAAA', itemId: 'cmp_1' },
      },
    },
  ],
};

describe('AppendMessages: a provider compaction artifact among the messages', () => {
  const append = (messages: AppendMessages['messages']): AppendMessages => ({
    type: 'AppendMessages',
    sessionId: 's1',
    messages,
  });

  it('given a user turn, when an OpenAI compaction item and the copy of the turn it keeps are appended, then ProviderCompactionRecorded covers the turn and names the copy as retained', () => {
    const copy: UserInputMessage = {
      ...m2,
      id: 'oai-4',
      metadata: { repeatsMessageId: m2.id },
    };
    const after: AssistantTextMessage = { ...compacted, id: 'oai-5', content: 'Next.' };
    expect(decideGiven(userTurn, append([compactionItem, copy, after]))).toEqual([
      { type: 'AssistantTextRecorded', data: compactionItem },
      { type: 'UserInputRecorded', data: copy },
      { type: 'AssistantTextRecorded', data: after },
      {
        type: 'ProviderCompactionRecorded',
        data: {
          sessionId: 's1',
          compactionId: 'oai-3',
          provider: 'openai',
          family: 'openai',
          artifactMessageId: 'oai-3',
          coversThroughMessageId: m2.id,
          retainedMessageIds: ['oai-4'],
          recordedAt: NOW,
        },
      },
    ]);
  });

  it('given a user turn, when the copy of the turn OpenAI keeps comes before the item (its compacted output), then the copy is retained and the item covers through the message before it', () => {
    const note: AppendMessages['messages'][number] = {
      id: 'oai-2',
      sessionId: 's1',
      kind: 'system_note',
      role: 'system',
      createdAt,
      content: 'history replaced',
      metadata: { eligibleForModelContext: false },
    };
    const copy: UserInputMessage = { ...m2, id: 'oai-4', metadata: { repeatsMessageId: m2.id } };
    const item = { ...compactionItem, id: 'oai-5' };
    expect(decideGiven(userTurn, append([note, copy, item])).at(-1)).toEqual({
      type: 'ProviderCompactionRecorded',
      data: {
        sessionId: 's1',
        compactionId: 'oai-5',
        provider: 'openai',
        family: 'openai',
        artifactMessageId: 'oai-5',
        coversThroughMessageId: 'oai-2',
        retainedMessageIds: ['oai-4'],
        recordedAt: NOW,
      },
    });
  });

  it('given a user turn, when a message repeats one that is not before the artifact, then it is not retained', () => {
    const stray: UserInputMessage = { ...m2, id: 'oai-4', metadata: { repeatsMessageId: 'nope' } };
    const events = decideGiven(userTurn, append([compactionItem, stray]));
    expect(events.at(-1)).toEqual({
      type: 'ProviderCompactionRecorded',
      data: {
        sessionId: 's1',
        compactionId: 'oai-3',
        provider: 'openai',
        family: 'openai',
        artifactMessageId: 'oai-3',
        coversThroughMessageId: m2.id,
        recordedAt: NOW,
      },
    });
  });

  it('given the item appended, when the append is retried, then nothing is recorded again', () => {
    const after = [...userTurn, ...decideGiven(userTurn, append([compactionItem]))];
    expect(decideGiven(after, append([compactionItem]))).toEqual([]);
  });

  it('given a user turn, when plain messages are appended, then no provider compaction is recorded', () => {
    expect(
      decideGiven(userTurn, append([{ ...compacted, id: 'oai-6', content: 'Done.' }])).map(
        (event) => event.type,
      ),
    ).toEqual(['AssistantTextRecorded']);
  });
});
