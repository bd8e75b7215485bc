import type { ModelCallEntry } from '@agent-ledger/client';
import type { ModelCallRecordedEvent } from '@agent-ledger/events';

/**
 * A recorded model call as the `read` scope sees it: every field of its event but the provider
 * metadata and the provider's raw usage, which may hold anything a provider sends (the raw
 * events, scope `audit`, keep them). `number` is its 1-based place among the session's calls.
 */
export function modelCallEntry(
  number: number,
  revision: number,
  data: ModelCallRecordedEvent['data'],
): ModelCallEntry {
  const { sessionId: _sessionId, providerMetadata: _providerMetadata, usage, ...call } = data;
  const { raw: _raw, ...counts } = usage ?? {};
  return { number, revision, ...call, ...(usage === undefined ? {} : { usage: counts }) };
}
