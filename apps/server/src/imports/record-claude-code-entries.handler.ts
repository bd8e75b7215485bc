import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@agent-ledger/event-store';
import {
  recordClaudeCodeEntries,
  type ClaudeCodeEntriesResult,
  type SessionCommandRunner,
} from '@agent-ledger/session-commands';
import { EVENT_STORE } from '../tokens';
import { IMPORT_RUNNER } from './imports.tokens';
import { RecordClaudeCodeEntriesCommand } from './record-claude-code-entries.command';

@CommandHandler(RecordClaudeCodeEntriesCommand)
export class RecordClaudeCodeEntriesHandler implements ICommandHandler<RecordClaudeCodeEntriesCommand> {
  constructor(
    @Inject(IMPORT_RUNNER) private readonly runner: SessionCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute({ writer, request }: RecordClaudeCodeEntriesCommand): Promise<ClaudeCodeEntriesResult> {
    return recordClaudeCodeEntries(request, this.runner, this.store, writer);
  }
}
