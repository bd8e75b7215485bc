import { Query } from '@nestjs/cqrs';
import type { ExportProjectionResult } from '@agent-ledger/projections';
import type { InterchangeExport, InterchangeExportFormat } from '@agent-ledger/interchange';
import type { SessionRef } from '../../access/session-ref';

/** A session's export: JSON (`projectToExport`'s result) or Markdown text. */
export type ExportResponse =
  | { format: 'json'; sessionId: string; revision: number; export: ExportProjectionResult }
  | { format: 'markdown'; markdown: string }
  | InterchangeExport;

/** The export read model (noise removed, secrets redacted by the configured policy). */
export class GetExportQuery extends Query<ExportResponse> {
  constructor(
    readonly session: SessionRef,
    readonly format: 'json' | 'markdown' | InterchangeExportFormat,
    readonly minPosition: number | undefined,
  ) {
    super();
  }
}
