import type {
  ProviderCompactionRecordedEvent,
  ProviderContextEdit,
  ProviderContextEditedEvent,
} from '@agent-ledger/events';
import type { JsonValue, RuntimeMessage } from '@agent-ledger/messages';
import { providerCompactionsOf } from './provider-compactions-of';
import type { RecordModelCall } from './session-command';
import type { SessionState } from './session-state';

/**
 * What a model call says the provider did to the context on its side: a compaction artifact among
 * the newly recorded response messages (`ProviderCompactionRecorded`, see `providerCompactionsOf`), and the context edits its metadata reports
 * (`providerMetadata.anthropic.contextManagement.appliedEdits`: `ProviderContextEdited`). `accepted`
 * are the call's messages this command records; `newCall` is false for a call already recorded
 * (a retry records nothing twice). Pure.
 */
export function providerContextEvents(
  command: RecordModelCall,
  accepted: readonly RuntimeMessage[],
  state: SessionState,
  newCall: boolean,
  recordedAt: string,
): Array<ProviderCompactionRecordedEvent | ProviderContextEditedEvent> {
  const { sessionId, call } = command;
  const provider = call.provider ?? 'anthropic';
  const events: Array<ProviderCompactionRecordedEvent | ProviderContextEditedEvent> = [
    ...providerCompactionsOf(
      sessionId,
      accepted,
      state,
      { provider, callId: call.callId },
      recordedAt,
    ),
  ];
  const edits = appliedEditsOf(call.providerMetadata?.['anthropic']?.['contextManagement']);
  if (newCall && edits.length > 0) {
    events.push({
      type: 'ProviderContextEdited',
      data: { sessionId, callId: call.callId, provider, edits, recordedAt },
    });
  }
  return events;
}

/** `contextManagement.appliedEdits` as `@ai-sdk/anthropic` maps it; anything else is no edit. */
function appliedEditsOf(contextManagement: JsonValue | undefined): ProviderContextEdit[] {
  if (!isObject(contextManagement)) return [];
  const applied = contextManagement['appliedEdits'];
  if (!Array.isArray(applied)) return [];
  return applied.flatMap((edit): ProviderContextEdit[] => {
    if (!isObject(edit) || typeof edit['type'] !== 'string' || edit['type'] === '') return [];
    return [
      {
        type: edit['type'],
        ...count('clearedToolUses', edit['clearedToolUses']),
        ...count('clearedThinkingTurns', edit['clearedThinkingTurns']),
        ...count('clearedInputTokens', edit['clearedInputTokens']),
      },
    ];
  });
}

function count<K extends string>(key: K, value: JsonValue | undefined): Partial<Record<K, number>> {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? ({ [key]: value } as Partial<Record<K, number>>)
    : {};
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
