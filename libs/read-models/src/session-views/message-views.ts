import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  projectToExport,
  projectToTranscript,
  type ProjectToExportOptions,
  type ProjectionContext,
} from '@agent-ledger/projections';
import { EXPORT_AS_IS, EXPORT_LEFT_OUT, EXPORT_REDACTED } from './session-views-schema';
import type { MessageViews } from './session-views-store';

/** The export context and redaction a session-views handler was configured with. */
export interface ExportSettings {
  context: ProjectionContext;
  options: ProjectToExportOptions;
}

/**
 * A message's transcript and export rows, by the pure projections of the message alone: both
 * views project each message on its own (no option or other message changes a row), so the
 * projection of the one message IS its row, and the read model cannot drift from the rules.
 * The export keeps the redacted copy only when the redaction changed a string; otherwise the
 * export row is the message as it is, rendered when read.
 */
export function messageViews(
  message: RuntimeMessage,
  changedRevision: number,
  exportSettings: ExportSettings,
): MessageViews {
  const inTranscript = projectToTranscript([message], exportSettings.context).messages.length > 0;
  const exported = projectToExport([message], exportSettings.context, exportSettings.options);
  const entry = exported.messages[0];
  const redactions = exported.diagnostics.redactionCount;
  return {
    changedRevision,
    inTranscript,
    exportState:
      entry === undefined ? EXPORT_LEFT_OUT : redactions > 0 ? EXPORT_REDACTED : EXPORT_AS_IS,
    exportRedactions: redactions,
    exportEntry: redactions > 0 ? entry : undefined,
  };
}
