import { Inject, Optional } from '@nestjs/common';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@agent-ledger/event-store';
import {
  recordClaudeCodeEntries,
  type ClaudeCodeEntriesResult,
  type SessionCommandRunner,
} from '@agent-ledger/session-commands';
import { BLOB_STORE, EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { IMPORT_RUNNER } from './imports.tokens';
import { RecordClaudeCodeEntriesCommand } from './record-claude-code-entries.command';

/**
 * Keeps a batch of Claude Agent SDK entries; their strings above `BLOB_THRESHOLD_BYTES` and the
 * mapped messages' large tool outputs become blobs of the tenant (when the server has a blob store).
 */
@CommandHandler(RecordClaudeCodeEntriesCommand)
export class RecordClaudeCodeEntriesHandler implements ICommandHandler<RecordClaudeCodeEntriesCommand> {
  constructor(
    @Inject(IMPORT_RUNNER) private readonly runner: SessionCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_CONFIG) private readonly config: Pick<ServerConfig, 'blobThresholdBytes'>,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  execute({ writer, request }: RecordClaudeCodeEntriesCommand): Promise<ClaudeCodeEntriesResult> {
    return recordClaudeCodeEntries(
      request,
      this.runner,
      this.store,
      writer,
      this.blobs === undefined
        ? undefined
        : { blobs: this.blobs, thresholdBytes: this.config.blobThresholdBytes },
    );
  }
}
