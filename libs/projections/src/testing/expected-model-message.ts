import type { ModelMessage } from '../types';

/** A literal expected model message made from one runtime message. */
export function modelMessage(
  id: string,
  role: ModelMessage['role'],
  semanticType: ModelMessage['semanticType'],
  content: ModelMessage['content'],
  metadata?: ModelMessage['metadata'],
): ModelMessage {
  return {
    view: 'model',
    role,
    semanticType,
    sourceMessageIds: [id],
    content,
    ...(metadata === undefined ? {} : { metadata }),
  };
}
