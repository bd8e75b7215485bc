import { Query } from '@nestjs/cqrs';
import type { InterchangeExportFormat } from '@agent-ledger/interchange';
import type { SessionRef } from '../../access/session-ref';

/**
 * A session's export, ready to be written: its media type and its text in pieces, each made when
 * the client has taken the ones before (a 60 MB session is never one string in memory).
 */
export interface ExportResponse {
  contentType: string;
  body: Iterable<string> | AsyncIterable<string>;
}

/** The export read model (noise removed, secrets redacted by the configured policy). */
export class GetExportQuery extends Query<ExportResponse> {
  constructor(
    readonly session: SessionRef,
    readonly format: 'json' | 'markdown' | InterchangeExportFormat,
    readonly minPosition: number | undefined,
    /**
     * `include`: write the bytes of the blobs the messages refer to into the export (`jsonl`
     * only; read from the caller's tenant). Default `reference`.
     */
    readonly blobs: 'reference' | 'include' = 'reference',
    /** The caller's tenant, whose blob store an `include` export reads. */
    readonly tenant = 'default',
  ) {
    super();
  }
}
