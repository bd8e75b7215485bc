import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import { sessionKeyOf } from '@agent-ledger/events';
import {
  SessionCommandRunner,
  storeLargeOutputs,
  type SessionCommandResult,
} from '@agent-ledger/session-commands';
import { BLOB_STORE, SERVER_CONFIG } from '../../tokens';
import { AppendMessagesCommand } from './append-messages.command';

/**
 * Appends one turn: its large tool outputs stored as blobs first (`storeLargeOutputs`, when the
 * server has a blob store), then load, decide, append through the runner.
 */
@CommandHandler(AppendMessagesCommand)
export class AppendMessagesHandler implements ICommandHandler<AppendMessagesCommand> {
  constructor(
    private readonly runner: SessionCommandRunner,
    @Inject(SERVER_CONFIG) private readonly config: Pick<ServerConfig, 'blobThresholdBytes'>,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  async execute(command: AppendMessagesCommand): Promise<SessionCommandResult> {
    const tenant = command.writer.tenant;
    const messages =
      this.blobs === undefined
        ? command.messages
        : await storeLargeOutputs(command.messages, {
            blobs: this.blobs,
            tenant,
            sessionKey: sessionKeyOf(tenant, command.sessionId),
            thresholdBytes: this.config.blobThresholdBytes,
          });
    return this.runner.run(
      {
        type: 'AppendMessages',
        sessionId: command.sessionId,
        messages,
        ...(command.subjectId === undefined ? {} : { subjectId: command.subjectId }),
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
