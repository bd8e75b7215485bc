import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { importHistory, InvalidImportSourceError } from '@agent-ledger/interchange';
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
    let plan;
    try {
      plan = importHistory(source, {
        sessionId,
        ...(createdAt === undefined ? {} : { createdAt }),
      });
    } catch (error) {
      // The source is read whole before anything is written: an unreadable one appends nothing.
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
}
