import type { SessionLogEvent } from '@agent-ledger/events';

/** What a recorded model call reported of its input, and where its context was computed. */
export interface RecordedCallUsage {
  /** Revision of the `ModelCallRecorded` event. */
  revision: number;
  /** The revision whose model context the call was made from (recorded, else the one before the event). */
  contextRevision: number;
  provider?: string;
  inputTokens: number;
}

/**
 * The model calls among `events` that reported their input tokens, in log order, up to
 * `atRevision`: the points the token estimate is calibrated on.
 */
export function recordedCallUsage(
  events: readonly SessionLogEvent[],
  atRevision: number,
): RecordedCallUsage[] {
  return events.flatMap(({ event, revision }) => {
    if (event.type !== 'ModelCallRecorded' || revision > atRevision) return [];
    const inputTokens = event.data.usage?.inputTokens;
    if (inputTokens === undefined || inputTokens <= 0) return [];
    const { provider } = event.data;
    return [
      {
        revision,
        contextRevision: event.data.contextRevision ?? Math.max(0, revision - 1),
        ...(provider === undefined ? {} : { provider }),
        inputTokens,
      },
    ];
  });
}
