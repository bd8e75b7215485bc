import type { ModelMessage } from '@agent-ledger/projections';

/** A model-view message made from one runtime message `id`: keeps test inputs short and literal. */
export function modelMessage(
  id: string,
  role: ModelMessage['role'],
  semanticType: ModelMessage['semanticType'],
  content: ModelMessage['content'],
): ModelMessage {
  return { view: 'model', role, semanticType, sourceMessageIds: [id], content };
}
