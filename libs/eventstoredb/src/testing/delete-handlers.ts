import type { handleUnaryCall } from '@grpc/grpc-js';
import {
  DeleteReq,
  DeleteResp,
  TombstoneReq,
  TombstoneResp,
} from '@eventstore/db-client/generated/streams_pb';
import { grpcErrors, type EmulatorStatus } from './grpc-errors';
import type { ExpectedVersion } from './log-record';
import type { DeleteOutcome, LogStore } from './log-store';
import { legacyExpectedVersion, streamNameOf } from './proto-mapping';

/** `Streams.Delete`: a soft delete. */
export function deleteHandler(store: LogStore): handleUnaryCall<DeleteReq, DeleteResp> {
  return (call, callback) => {
    const options = call.request.getOptions();
    const settled = settle(
      options && streamNameOf(options.getStreamIdentifier()),
      options && deleteExpectedVersion(options),
      (name, expected) => store.softDelete(name, expected),
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
    const options = call.request.getOptions();
    const settled = settle(
      options && streamNameOf(options.getStreamIdentifier()),
      options && tombstoneExpectedVersion(options),
      (name, expected) => store.tombstone(name, expected),
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
  streamName: string | undefined,
  expected: ExpectedVersion | undefined,
  run: (streamName: string, expected: ExpectedVersion) => DeleteOutcome,
): { position: number } | { error: EmulatorStatus } {
  if (streamName === undefined || expected === undefined) {
    return { error: grpcErrors.invalidArgument('Options expected.') };
  }
  const outcome = run(streamName, expected);
  switch (outcome.kind) {
    case 'success':
      return { position: outcome.position };
    case 'streamDeleted':
      return { error: grpcErrors.streamDeleted(streamName) };
    case 'wrongExpectedVersion':
      return {
        error: grpcErrors.wrongExpectedVersion(
          'Delete',
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

function deleteExpectedVersion(options: DeleteReq.Options): ExpectedVersion {
  const Case = DeleteReq.Options.ExpectedStreamRevisionCase;
  switch (options.getExpectedStreamRevisionCase()) {
    case Case.REVISION:
      return { kind: 'revision', revision: Number(options.getRevision()) };
    case Case.NO_STREAM:
      return { kind: 'noStream' };
    case Case.STREAM_EXISTS:
      return { kind: 'streamExists' };
    case Case.ANY:
    case Case.EXPECTED_STREAM_REVISION_NOT_SET:
      return { kind: 'any' };
  }
}

function tombstoneExpectedVersion(options: TombstoneReq.Options): ExpectedVersion {
  const Case = TombstoneReq.Options.ExpectedStreamRevisionCase;
  switch (options.getExpectedStreamRevisionCase()) {
    case Case.REVISION:
      return { kind: 'revision', revision: Number(options.getRevision()) };
    case Case.NO_STREAM:
      return { kind: 'noStream' };
    case Case.STREAM_EXISTS:
      return { kind: 'streamExists' };
    case Case.ANY:
    case Case.EXPECTED_STREAM_REVISION_NOT_SET:
      return { kind: 'any' };
  }
}
