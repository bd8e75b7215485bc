import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { renderExportMarkdown } from '@agent-ledger/projections';
import { SessionListReader, SessionViewsReader } from '@agent-ledger/read-models';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { GetExportQuery, type ExportResponse } from './get-export.query';
import { requireSession } from './require-session';

@QueryHandler(GetExportQuery)
export class GetExportHandler implements IQueryHandler<GetExportQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ sessionId, format, minPosition }: GetExportQuery): Promise<ExportResponse> {
    await this.readYourWrites.reach(minPosition);
    const { revision } = requireSession(this.sessions, sessionId);
    const exported = this.views.export(sessionId);
    if (format === 'markdown') {
      return {
        format,
        markdown: renderExportMarkdown(exported, { title: `Session ${sessionId}` }),
      };
    }
    return { format, sessionId, revision, export: exported };
  }
}
