import {
  projectToExport,
  projectToTranscript,
  type ProjectionContext,
} from '@agent-ledger/projections';
import type { ProjectToExportOptions } from '@agent-ledger/projections';
import type { SessionViewsStore, StoredMessage } from './session-views-store';

/**
 * (Re)writes a message's transcript and export rows; the transcript row remembers the revision
 * of the event that last wrote it, so a live feed can send what changed since a revision. Both views project each message on its own
 * (no option or later message changes a row but the message itself), so the pure projection of
 * the one message IS its row: the read model cannot drift from the projection's rules.
 */
export function writeViewEntries(
  store: SessionViewsStore,
  sessionId: string,
  stored: StoredMessage,
  eventRevision: number,
  exportOptions: { context: ProjectionContext; options: ProjectToExportOptions },
): void {
  const { message } = stored;
  const transcript = projectToTranscript([message], exportOptions.context);
  store.writeTranscriptEntry(
    sessionId,
    { seq: stored.seq, revision: eventRevision, id: message.id },
    transcript.messages[0],
  );
  const exported = projectToExport([message], exportOptions.context, exportOptions.options);
  store.writeExportEntry(
    sessionId,
    { seq: stored.seq, id: message.id },
    exported.messages[0],
    exported.diagnostics.redactionCount,
  );
}
