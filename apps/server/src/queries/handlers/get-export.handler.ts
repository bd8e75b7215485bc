import { Inject, Optional } from '@nestjs/common';
import type { BlobStore } from '@agent-ledger/blobs';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ModelContextReader } from '@agent-ledger/model-context';
import { redactId, redactSecrets } from '@agent-ledger/projections';
import { exportRedaction, SessionListReader, SessionViewsReader } from '@agent-ledger/read-models';
import type { ReadModelConfig } from '@agent-ledger/config';
import { interchangeExport, type InterchangeExport } from '@agent-ledger/interchange';
import { exportJsonBody, exportMarkdownBody, exportRows, jsonWithArrayBody } from '../export-body';
import { RequestValidationError } from '../../http/request-validation.error';
import { BLOB_STORE } from '../../tokens';
import { READ_MODEL_CONFIG } from '../read-models/read-model.tokens';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { RepairingReads } from '../read-models/repairing-reads';
import { GetExportQuery, type ExportResponse } from './get-export.query';
import { requireSession } from './require-session';
import { wholeBlobTextReader } from '../whole-blob-text-reader';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * How much of the export's rows one step reads (at least one row): 256 KiB. A step is read,
 * checked and parsed in one go, so a small one lets other requests run between steps
 * (`sharingTheLoop`) while an export of a session of large entries is written: with steps of
 * `MAX_PAGE_BYTES` (4 MiB), eight concurrent 60 MB exports kept `/health` waiting for seconds.
 */
export const EXPORT_STEP_BYTES = 256 * 1024;

@QueryHandler(GetExportQuery)
export class GetExportHandler implements IQueryHandler<GetExportQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly contexts: ModelContextReader,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
    private readonly repairing: RepairingReads,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  async execute({
    session,
    format,
    minPosition,
    blobs,
    tenant,
  }: GetExportQuery): Promise<ExportResponse> {
    if (blobs === 'include' && format !== 'jsonl') {
      throw new RequestValidationError([
        `blobs=include is only for format=jsonl (format=${format} keeps each blob's reference and preview); use format=jsonl&blobs=include for an export that holds the blobs' bytes`,
      ]);
    }
    const blobStore = this.blobs;
    if (blobs === 'include' && blobStore === undefined) {
      throw new RequestValidationError(['blobs=include needs a blob store; this server has none']);
    }
    await this.readYourWrites.reach(minPosition);
    const { revision } = await this.repairing.read(() => requireSession(this.sessions, session));
    if (format === 'otel-genai' || format === 'ui-messages' || format === 'jsonl') {
      // Shapes no read model holds: computed from the log, under the same export policy.
      // Read as the model context reads the log: through its cache, each call's context from it.
      return interchangeBody(
        await interchangeExport(
          this.contexts.log,
          session,
          format,
          this.config.exportPolicy,
          blobs === 'include' && blobStore !== undefined
            ? {
                includeBlobsFrom: {
                  stat: (sha256) => blobStore.stat(tenant, sha256),
                  read: (sha256) => blobStore.read(tenant, sha256),
                },
              }
            : {},
        ),
      );
    }
    // Read a step at a time as the client takes the answer, as of the revision answered: a
    // message recorded meanwhile is left for the next export.
    const step = (afterSeq: number) =>
      this.views.exportStep(session.key, {
        afterSeq,
        upToRevision: revision,
        maxBytes: EXPORT_STEP_BYTES,
      });
    // The first step is read (and a damaged row repaired) before the answer starts; a later
    // step that meets damage cuts the connection, and the repaired session answers the retry.
    const first = await this.repairing.read(() => step(-1));
    const rows = exportRows((afterSeq) => (afterSeq === -1 ? first : step(afterSeq)));
    // A secret used as the session id is redacted as every other id of the export.
    const redact = exportRedaction(this.config.exportPolicy).redact;
    const sessionId =
      typeof redact === 'function' ? redactId(session.sessionId, redact) : session.sessionId;
    if (format === 'markdown') {
      // A long text kept as a blob is written whole, redacted as the messages are.
      const wholeText =
        blobStore === undefined
          ? undefined
          : wholeBlobTextReader(
              blobStore,
              tenant,
              // As `projectToExport` redacts: no hook given is the default secrets.
              redact === false ? undefined : (redact ?? redactSecrets),
            );
      return {
        contentType: 'text/markdown; charset=utf-8',
        body: exportMarkdownBody(`Session ${sessionId}`, rows, wholeText),
      };
    }
    return {
      contentType: JSON_TYPE,
      body: exportJsonBody({ sessionId, revision }, rows),
    };
  }
}

function interchangeBody(result: InterchangeExport): ExportResponse {
  switch (result.format) {
    case 'jsonl':
      return { contentType: 'application/x-ndjson; charset=utf-8', body: result.lines };
    case 'ui-messages': {
      const { format: _format, messages, ...head } = result;
      return { contentType: JSON_TYPE, body: jsonWithArrayBody(head, 'messages', messages) };
    }
    case 'otel-genai': {
      const { format: _format, calls, ...head } = result;
      return { contentType: JSON_TYPE, body: jsonWithArrayBody(head, 'calls', calls) };
    }
    default: {
      const unreachable: never = result;
      return unreachable;
    }
  }
}
