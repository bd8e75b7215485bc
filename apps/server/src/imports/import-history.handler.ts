import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@agent-ledger/event-store';
import { importHistory, InvalidImportSourceError } from '@agent-ledger/interchange';
import {
  runImportPlan,
  type ImportHistoryResult,
  type SessionCommandRunner,
} from '@agent-ledger/session-commands';
import { RequestValidationError } from '../http/request-validation.error';
import { EVENT_STORE } from '../tokens';
import { ImportHistoryCommand } from './import-history.command';
import { IMPORT_RUNNER } from './imports.tokens';

@CommandHandler(ImportHistoryCommand)
export class ImportHistoryHandler implements ICommandHandler<ImportHistoryCommand> {
  constructor(
    @Inject(IMPORT_RUNNER) private readonly runner: SessionCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
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
    return runImportPlan(plan, this.runner, this.store, writer, subjectId);
  }
}
