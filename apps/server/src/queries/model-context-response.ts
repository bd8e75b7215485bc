import type { ModelContext } from '@agent-ledger/model-context';

/** The model-context body: `{ sessionId, revision, messages, diagnostics }` (plus `system` for `ai-sdk-prompt`). */
export type ModelContextResponse = { sessionId: string } & DistributiveOmit<ModelContext, 'format'>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function modelContextResponse(
  sessionId: string,
  context: ModelContext,
): ModelContextResponse {
  const { format: _format, ...body } = context;
  return { sessionId, ...body };
}
