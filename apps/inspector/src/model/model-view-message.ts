/**
 * A message of the model view as `GET …/model-context` (`format=model`) answers it: what the
 * inspector reads of one. The server's type lives in `libs/projections`; the client's contract
 * leaves `messages` as `unknown`, so the inspector checks each field it reads.
 */
export interface ModelViewMessage {
  role: string;
  semanticType: string;
  sourceMessageIds: string[];
  content: unknown;
  truncated: boolean;
  compacted: boolean;
}

/** Reads a model-view message from the network's JSON; `undefined` for something else. */
export function readModelViewMessage(value: unknown): ModelViewMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const role = record['role'];
  const semanticType = record['semanticType'];
  const sources = record['sourceMessageIds'];
  if (typeof role !== 'string') return undefined;
  const metadata = record['metadata'];
  const flags =
    typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
  return {
    role,
    semanticType: typeof semanticType === 'string' ? semanticType : role,
    sourceMessageIds: Array.isArray(sources)
      ? sources.filter((id): id is string => typeof id === 'string')
      : [],
    content: record['content'],
    truncated: flags['truncated'] === true,
    compacted: flags['compacted'] === true,
  };
}
