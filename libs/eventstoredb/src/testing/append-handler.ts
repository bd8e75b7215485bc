import type { handleClientStreamingCall } from '@grpc/grpc-js';
import { Empty } from '@eventstore/db-client/generated/shared_pb';
import { AppendReq, AppendResp } from '@eventstore/db-client/generated/streams_pb';
import { grpcErrors, type EmulatorStatus } from './grpc-errors';
import { sizeOnDisk, type ExpectedVersion, type ProposedEvent } from './log-record';
import type { LogStore } from './log-store';
import { proposedEventOf, streamNameOf } from './proto-mapping';

const RevisionCase = AppendReq.Options.ExpectedStreamRevisionCase;

/**
 * `Streams.Append`: one options message, then the proposed events; answers once the client has
 * sent everything. A wrong expected version is a response (not an error), as in EventStoreDB;
 * a deleted stream and an oversized append are errors.
 */
export function appendHandler(
  store: LogStore,
  maxAppendSize: number,
): handleClientStreamingCall<AppendReq, AppendResp> {
  return (call, callback) => {
    let options: AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    let size = 0;
    let failure: EmulatorStatus | undefined;

    call.on('data', (request: AppendReq) => {
      if (failure !== undefined) return;
      if (options === undefined) {
        options = request.getOptions();
        if (options === undefined) failure = grpcErrors.invalidArgument('Options expected first.');
        return;
      }
      const message = request.getProposedMessage();
      const event = message === undefined ? 'Proposed message expected.' : proposedEventOf(message);
      if (typeof event === 'string') {
        failure = grpcErrors.invalidArgument(event);
        return;
      }
      size += sizeOnDisk(event);
      if (size > maxAppendSize) failure = grpcErrors.maxAppendSizeExceeded(maxAppendSize);
      events.push(event);
    });

    call.on('end', () => {
      if (failure !== undefined || options === undefined) {
        callback(failure ?? grpcErrors.invalidArgument('No options.'));
        return;
      }
      const streamName = streamNameOf(options.getStreamIdentifier());
      const expected = expectedVersionOf(options);
      const outcome = store.append(streamName, expected, events);
      switch (outcome.kind) {
        case 'streamDeleted':
          callback(grpcErrors.streamDeleted(streamName));
          return;
        case 'wrongExpectedVersion':
          callback(
            null,
            new AppendResp().setWrongExpectedVersion(
              wrongExpectedVersion(expected, outcome.currentRevision),
            ),
          );
          return;
        case 'success': {
          const success = new AppendResp.Success().setPosition(
            new AppendResp.Position()
              .setCommitPosition(String(outcome.position))
              .setPreparePosition(String(outcome.position)),
          );
          if (outcome.lastRevision < 0) success.setNoStream(new Empty());
          else success.setCurrentRevision(String(outcome.lastRevision));
          callback(null, new AppendResp().setSuccess(success));
          return;
        }
        default: {
          const unreachable: never = outcome;
          return unreachable;
        }
      }
    });
  };
}

function expectedVersionOf(options: AppendReq.Options): ExpectedVersion {
  switch (options.getExpectedStreamRevisionCase()) {
    case RevisionCase.REVISION:
      return { kind: 'revision', revision: Number(options.getRevision()) };
    case RevisionCase.NO_STREAM:
      return { kind: 'noStream' };
    case RevisionCase.STREAM_EXISTS:
      return { kind: 'streamExists' };
    case RevisionCase.ANY:
    case RevisionCase.EXPECTED_STREAM_REVISION_NOT_SET:
      return { kind: 'any' };
  }
}

function wrongExpectedVersion(
  expected: ExpectedVersion,
  currentRevision: number,
): AppendResp.WrongExpectedVersion {
  const result = new AppendResp.WrongExpectedVersion();
  if (currentRevision < 0) result.setCurrentNoStream(new Empty());
  else result.setCurrentRevision(String(currentRevision));
  switch (expected.kind) {
    case 'any':
      return result.setExpectedAny(new Empty());
    case 'noStream':
      return result.setExpectedNoStream(new Empty());
    case 'streamExists':
      return result.setExpectedStreamExists(new Empty());
    case 'revision':
      return result.setExpectedRevision(String(expected.revision));
    default: {
      const unreachable: never = expected;
      return unreachable;
    }
  }
}
