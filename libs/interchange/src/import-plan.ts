import type { SessionCommand } from '@agent-ledger/sessions';

/** The formats an importer reads. */
export const IMPORT_FORMATS = [
  'claude-code',
  'opencode',
  'ui-messages',
  'model-messages',
  'openai-items',
  'jsonl',
] as const;

/** A format an importer reads. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What an importer did with one kind of source record, counted. */
export interface ImportNote {
  /**
   * `mapped`: became runtime messages; `merged`: joined with other records into one message
   * (split assistant entries); `metadata`: kept as runtime-only metadata; `skipped`: left out.
   */
  action: 'mapped' | 'merged' | 'metadata' | 'skipped';
  /** Why, in words a user can check against the source. */
  reason: string;
  count: number;
  /** Up to three source references (`line 12`, an entry's uuid, a message id). */
  examples: string[];
}

/** Counts of an import, and the notes per reason. */
export interface ImportReport {
  format: ImportFormat;
  /** Source records read (JSONL lines, messages, items). */
  records: number;
  /** Runtime messages the import produced (before the write side drops those already recorded). */
  messages: number;
  /** Recorded model calls (assistant messages with usage). */
  modelCalls: number;
  compactions: number;
  prunedToolResults: number;
  notes: ImportNote[];
}

/** One session an import writes, as the write side's commands, in order. */
export interface ImportedSession {
  sessionId: string;
  /** A sub-agent's session: the session and the tool call that started it. */
  parent?: { sessionId: string; toolCallId?: string };
  commands: SessionCommand[];
}

/**
 * What an importer returns: the sessions to write (the parent first, sub-agents after) and what
 * it did. Pure data: the shell sends each command through the session decider, whose ids come
 * from the source's own ids, so importing the same source twice appends nothing.
 */
export interface ImportPlan {
  sessions: ImportedSession[];
  report: ImportReport;
}
