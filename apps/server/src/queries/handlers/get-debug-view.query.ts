import type { SessionRepair } from '@agent-ledger/events';
import { Query } from '@nestjs/cqrs';
import type {
  DebugMessage,
  ProjectionDiagnostics,
  ProjectionContext,
} from '@agent-ledger/projections';
import type { ProviderContextChange } from '@agent-ledger/model-context';
import type { FailedEvent } from '@agent-ledger/read-models';
import type { SessionRef } from '../../access/session-ref';

/** A page of a session's debug view. */
export interface DebugViewResponse {
  sessionId: string;
  revision: number;
  /** Every runtime message with its metadata and what the model view did with it, and why. */
  messages: DebugMessage[];
  nextCursor: string | null;
  /** The model view's diagnostics for the same options. */
  diagnostics: ProjectionDiagnostics;
  /** What normalization repaired (dangling tool calls: those still waiting for a result). */
  repairs: SessionRepair[];
  /** Events of this session the read models could not process (recorded, skipped). */
  failedEvents: FailedEvent[];
  /**
   * What providers dropped on their side since the latest compact boundary: compactions (the
   * messages their artifact stands for) and applied context edits (the tool results cleared).
   */
  providerChanges: ProviderContextChange[];
}

/** The debug view: stored messages and repairs joined with the model view for the given options. */
export class GetDebugViewQuery extends Query<DebugViewResponse> {
  constructor(
    readonly session: SessionRef,
    readonly context: Partial<Omit<ProjectionContext, 'sessionId'>>,
    readonly options: {
      recentUserTurns?: number | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
      minPosition?: number | undefined;
    },
  ) {
    super();
  }
}
