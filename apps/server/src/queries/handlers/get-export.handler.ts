import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ModelContextReader } from '@agent-ledger/model-context';
import { redactId, renderExportMarkdown } from '@agent-ledger/projections';
import { exportRedaction, SessionListReader, SessionViewsReader } from '@agent-ledger/read-models';
import type { ReadModelConfig } from '@agent-ledger/config';
import { interchangeExport } from '@agent-ledger/interchange';
import { READ_MODEL_CONFIG } from '../read-models/read-model.tokens';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { GetExportQuery, type ExportResponse } from './get-export.query';
import { requireSession } from './require-session';

@QueryHandler(GetExportQuery)
export class GetExportHandler implements IQueryHandler<GetExportQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly contexts: ModelContextReader,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
  ) {}

  async execute({ session, format, minPosition }: GetExportQuery): Promise<ExportResponse> {
    await this.readYourWrites.reach(minPosition);
    const { revision } = requireSession(this.sessions, session);
    const exported = this.views.export(session.key);
    if (format === 'otel-genai' || format === 'ui-messages' || format === 'jsonl') {
      // Shapes no read model holds: computed from the log, under the same export policy.
      // Read as the model context reads the log: through its cache, each call's context from it.
      return interchangeExport(this.contexts.log, session, format, this.config.exportPolicy);
    }
    // A secret used as the session id is redacted as every other id of the export.
    const redact = exportRedaction(this.config.exportPolicy).redact;
    const sessionId =
      typeof redact === 'function' ? redactId(session.sessionId, redact) : session.sessionId;
    if (format === 'markdown') {
      return {
        format,
        markdown: renderExportMarkdown(exported, { title: `Session ${sessionId}` }),
      };
    }
    return { format, sessionId, revision, export: exported };
  }
}
