import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { sessionKeyOf } from '@agent-ledger/events';
import {
  importHistory,
  importLedgerJsonl,
  InvalidImportSourceError,
  type ImportPlan,
} from '@agent-ledger/interchange';
import {
  runImportPlan,
  type ImportHistoryResult,
  type SessionCommandRunner,
} from '@agent-ledger/session-commands';
import { RequestValidationError } from '../http/request-validation.error';
import { BLOB_STORE, EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { ImportHistoryCommand } from './import-history.command';
import { IMPORT_RUNNER } from './imports.tokens';

/**
 * Imports a history through the write side; its large tool outputs become blobs of the tenant
 * first, as an append's do (when the server has a blob store).
 */
@CommandHandler(ImportHistoryCommand)
export class ImportHistoryHandler implements ICommandHandler<ImportHistoryCommand> {
  constructor(
    @Inject(IMPORT_RUNNER) private readonly runner: SessionCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_CONFIG) private readonly config: Pick<ServerConfig, 'blobThresholdBytes'>,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  async execute({
    writer,
    sessionId,
    source,
    createdAt,
    subjectId,
  }: ImportHistoryCommand): Promise<ImportHistoryResult> {
    let plan: ImportPlan;
    try {
      plan =
        source.format === 'jsonl'
          ? await this.ledgerJsonlPlan(source.content, sessionId, writer.tenant)
          : importHistory(source, {
              sessionId,
              ...(createdAt === undefined ? {} : { createdAt }),
            });
    } catch (error) {
      // The source is read whole before any event is written: an unreadable one appends nothing
      // (a blob it included and stored before the unreadable line stays, unreferenced, until
      // the session is erased).
      if (error instanceof InvalidImportSourceError)
        throw new RequestValidationError([error.message]);
      throw error;
    }
    return runImportPlan(
      plan,
      this.runner,
      this.store,
      writer,
      subjectId,
      this.blobs === undefined
        ? undefined
        : { blobs: this.blobs, thresholdBytes: this.config.blobThresholdBytes },
    );
  }

  /**
   * The plan of a ledger JSONL export: its included blobs stored in the tenant's blob store as
   * they are read (deduplicated by hash, checked against it), with the session's reference.
   */
  private async ledgerJsonlPlan(
    content: string,
    sessionId: string,
    tenant: string,
  ): Promise<ImportPlan> {
    const blobs = this.blobs;
    const sessionKey = sessionKeyOf(tenant, sessionId);
    return importLedgerJsonl(linesOf(content), {
      sessionId,
      storeBlob: async (header, chunks) => {
        if (blobs === undefined) {
          throw new InvalidImportSourceError(
            `the export includes blob ${header.sha256}, and this server has no blob store to keep it`,
          );
        }
        await blobs.put(tenant, chunks, {
          mediaType: header.mediaType,
          expectedSha256: header.sha256,
          sessionKey,
        });
      },
    });
  }
}

/** The lines of `text`, one at a time (no array of them all). */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    if (end === -1) {
      yield text.slice(start);
      return;
    }
    yield text.slice(start, end);
    start = end + 1;
  }
}
