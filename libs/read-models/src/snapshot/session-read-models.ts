import type { SessionRepair } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type {
  ExportProjectionResult,
  SearchDocument,
  SessionAnalytics,
  ProjectionResult,
  TranscriptMessage,
} from '@agent-ledger/projections';
import type { SessionSummary } from '../session-list/session-summary';

/**
 * Every read model of one session, in one shape for both routes: as stored by the handlers
 * (`readSessionReadModels`) and as recomputed from the session's events in memory
 * (`computeSessionReadModels`). Equal objects mean the read models are right.
 */
export interface SessionReadModels {
  sessionId: string;
  /** The session list row; `undefined` when no event of the session was processed. */
  summary: SessionSummary | undefined;
  /** The debug read model: normalized runtime messages (`repairDanglingToolCalls: false`)… */
  messages: RuntimeMessage[];
  /** …and what normalization repaired, placed by revision. */
  repairs: SessionRepair[];
  transcript: ProjectionResult<TranscriptMessage>;
  export: ExportProjectionResult;
  /** The search view's documents, in order, with their visibility now. */
  search: SearchDocument[];
  /** The analytics view; `undefined` when the session recorded no message and no model call. */
  analytics: SessionAnalytics | undefined;
}
