import type { handleUnaryCall } from '@grpc/grpc-js';
import {
  DeleteReq,
  DeleteResp,
  TombstoneReq,
  TombstoneResp,
} from '@eventstore/db-client/generated/streams_pb';
import { grpcErrors } from './grpc-errors';
import type { ExpectedVersion } from './log-record';
import type { DeleteOutcome, LogStore } from './log-store';
import { legacyExpectedVersion, streamNameOf } from './proto-mapping';

const RevisionCase = DeleteReq.Options.ExpectedStreamRevisionCase;

type DeleteOptionsLike = DeleteReq.Options | TombstoneReq.Options;

/** `Streams.Delete`: a soft delete. */
export function deleteHandler(store: LogStore): handleUnaryCall<DeleteReq, DeleteResp> {
  return (call, callback) => {
    const settled = settle(call.request.getOptions(), 'Delete', (name, expected) =>
      store.softDelete(name, expected),
    );
    if ('error' in settled) {
      callback(settled.error);
      return;
    }
    const position = new DeleteResp.Position()
      .setCommitPosition(String(settled.position))
      .setPreparePosition(String(settled.position));
    callback(null, new DeleteResp().setPosition(position));
  };
}

/** `Streams.Tombstone`: a hard delete. */
export function tombstoneHandler(store: LogStore): handleUnaryCall<TombstoneReq, TombstoneResp> {
  return (call, callback) => {
    const settled = settle(call.request.getOptions(), 'Delete', (name, expected) =>
      store.tombstone(name, expected),
    );
    if ('error' in settled) {
      callback(settled.error);
      return;
    }
    const position = new TombstoneResp.Position()
      .setCommitPosition(String(settled.position))
      .setPreparePosition(String(settled.position));
    callback(null, new TombstoneResp().setPosition(position));
  };
}

function settle(
  options: DeleteOptionsLike | undefined,
  operation: string,
  run: (streamName: string, expected: ExpectedVersion) => DeleteOutcome,
): { position: number } | { error: ReturnType<typeof grpcErrors.streamDeleted> } {
  if (options === undefined) return { error: grpcErrors.invalidArgument('Options expected.') };
  const streamName = streamNameOf(options.getStreamIdentifier());
  const expected = expectedVersionOf(options);
  const outcome = run(streamName, expected);
  switch (outcome.kind) {
    case 'success':
      return { position: outcome.position };
    case 'streamDeleted':
      return { error: grpcErrors.streamDeleted(streamName) };
    case 'wrongExpectedVersion':
      return {
        error: grpcErrors.wrongExpectedVersion(
          operation,
          streamName,
          legacyExpectedVersion(expected),
          outcome.currentRevision,
        ),
      };
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

function expectedVersionOf(options: DeleteOptionsLike): ExpectedVersion {
  // Delete and Tombstone options share field numbers, hence one enum for both.
  switch (Number(options.getExpectedStreamRevisionCase())) {
    case RevisionCase.REVISION:
      return { kind: 'revision', revision: Number(options.getRevision()) };
    case RevisionCase.NO_STREAM:
      return { kind: 'noStream' };
    case RevisionCase.STREAM_EXISTS:
      return { kind: 'streamExists' };
    default:
      return { kind: 'any' };
  }
}
