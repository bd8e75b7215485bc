import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import { sessionKeyOf } from '@agent-ledger/events';
import {
  SessionCommandRunner,
  storeCommandOutputs,
  type SessionCommandResult,
} from '@agent-ledger/session-commands';
import { BLOB_STORE, CLOCK, SERVER_CONFIG, type Clock } from '../../tokens';
import { modelCallOfAiSdkStep } from '../model-call-of-ai-sdk-step';
import { withBlobReferences } from '../with-blob-references';
import { RecordAiSdkStepCommand } from './record-ai-sdk-step.command';

/**
 * Turns the step into the decider's `RecordModelCall` (positional message ids in the generation,
 * see `modelCallOfAiSdkStep`) and runs it: the new messages and the `ModelCallRecorded` event are
 * one append; a re-sent step appends nothing. Its large tool outputs become blobs first, and the
 * outputs uploaded before are checked and filled in, as an append's (`storeLargeOutputs`).
 */
@CommandHandler(RecordAiSdkStepCommand)
export class RecordAiSdkStepHandler implements ICommandHandler<RecordAiSdkStepCommand> {
  constructor(
    private readonly runner: SessionCommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVER_CONFIG) private readonly config: Pick<ServerConfig, 'blobThresholdBytes'>,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  async execute(command: RecordAiSdkStepCommand): Promise<SessionCommandResult> {
    const made = modelCallOfAiSdkStep(
      command.sessionId,
      command.messages,
      command.facts,
      this.clock(),
    );
    const withUploads = {
      ...made,
      responseMessages: withBlobReferences(made.responseMessages, command.blobReferences),
    };
    const tenant = command.writer.tenant;
    const call =
      this.blobs === undefined
        ? withUploads
        : await storeCommandOutputs(withUploads, {
            blobs: this.blobs,
            tenant,
            sessionKey: sessionKeyOf(tenant, command.sessionId),
            thresholdBytes: this.config.blobThresholdBytes,
          });
    return this.runner.run(
      command.subjectId === undefined ? call : { ...call, subjectId: command.subjectId },
      command.expectedRevision,
      command.writer,
    );
  }
}
