import type { handleBidiStreamingCall } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as WellKnownEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import {
  AllStreamPosition,
  MaximumAppendSizeExceeded,
  StreamDeleted,
  UUID,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { BatchAppendReq, BatchAppendResp } from '@eventstore/db-client/generated/streams_pb';
import { sizeOnDisk, type ExpectedVersion, type ProposedEvent } from './log-record';
import type { LogStore } from './log-store';
import { proposedEventOf, streamIdentifier, streamNameOf, uuidOf } from './proto-mapping';

const PositionCase = BatchAppendReq.Options.ExpectedStreamPositionCase;

interface PendingWrite {
  streamName: string;
  expected: ExpectedVersion;
  events: ProposedEvent[];
  size: number;
}

/**
 * `Streams.BatchAppend`: one long-lived duplex call carrying many appends, each keyed by a
 * correlation id, its options in the first chunk and its events possibly spread over several
 * chunks until `is_final`. Failures are `google.rpc.Status` values with packed details, as
 * EventStoreDB's `BatchAppendWorker` sends them.
 */
export function batchAppendHandler(
  store: LogStore,
  maxAppendSize: number,
): handleBidiStreamingCall<BatchAppendReq, BatchAppendResp> {
  return (call) => {
    const pending = new Map<string, PendingWrite>();

    call.on('data', (request: BatchAppendReq) => {
      const correlationUuid = request.getCorrelationId();
      const correlationId = uuidOf(correlationUuid);
      const options = request.getOptions();
      if (options !== undefined && !pending.has(correlationId)) {
        pending.set(correlationId, {
          streamName: streamNameOf(options.getStreamIdentifier()),
          expected: expectedVersionOf(options),
          events: [],
          size: 0,
        });
      }
      const write = pending.get(correlationId);
      if (write === undefined) return;
      const respond = (response: BatchAppendResp): void => {
        call.write(
          response
            .setCorrelationId(correlationUuid ?? new UUID())
            .setStreamIdentifier(streamIdentifier(write.streamName)),
        );
      };
      for (const message of request.getProposedMessagesList()) {
        const event = proposedEventOf(message);
        if (typeof event === 'string') {
          pending.delete(correlationId);
          respond(new BatchAppendResp().setError(status(Code.INVALID_ARGUMENT, event)));
          return;
        }
        write.size += sizeOnDisk(event);
        write.events.push(event);
      }
      if (write.size > maxAppendSize) {
        pending.delete(correlationId);
        const details = new MaximumAppendSizeExceeded().setMaxappendsize(maxAppendSize);
        respond(
          new BatchAppendResp().setError(
            status(
              Code.INVALID_ARGUMENT,
              `Maximum Append Size of ${maxAppendSize} Exceeded.`,
              details.serializeBinary(),
              'event_store.client.MaximumAppendSizeExceeded',
            ),
          ),
        );
        return;
      }
      if (!request.getIsFinal()) return;
      pending.delete(correlationId);
      respond(commit(store, write));
    });

    call.on('end', () => call.end());
  };
}

function commit(store: LogStore, write: PendingWrite): BatchAppendResp {
  const outcome = store.append(write.streamName, write.expected, write.events);
  switch (outcome.kind) {
    case 'streamDeleted': {
      const details = new StreamDeleted().setStreamIdentifier(streamIdentifier(write.streamName));
      return new BatchAppendResp().setError(
        status(
          Code.FAILED_PRECONDITION,
          `Event stream '${write.streamName}' is deleted.`,
          details.serializeBinary(),
          'event_store.client.StreamDeleted',
        ),
      );
    }
    case 'wrongExpectedVersion': {
      const details = wrongExpectedVersion(write.expected, outcome.currentRevision);
      return new BatchAppendResp().setError(
        status(
          Code.FAILED_PRECONDITION,
          'WrongExpectedVersion',
          details.serializeBinary(),
          'event_store.client.WrongExpectedVersion',
        ),
      );
    }
    case 'success': {
      const success = new BatchAppendResp.Success().setPosition(
        new AllStreamPosition()
          .setCommitPosition(String(outcome.position))
          .setPreparePosition(String(outcome.position)),
      );
      if (outcome.lastRevision < 0) success.setNoStream(new WellKnownEmpty());
      else success.setCurrentRevision(String(outcome.lastRevision));
      return new BatchAppendResp().setSuccess(success);
    }
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

function status(code: Code, message: string, details?: Uint8Array, typeName?: string): Status {
  const result = new Status().setCode(code).setMessage(message);
  const any = new Any();
  if (details !== undefined && typeName !== undefined) any.pack(details, typeName);
  else any.pack(new WellKnownEmpty().serializeBinary(), 'google.protobuf.Empty');
  return result.setDetails(any);
}

function expectedVersionOf(options: BatchAppendReq.Options): ExpectedVersion {
  switch (options.getExpectedStreamPositionCase()) {
    case PositionCase.STREAM_POSITION:
      return { kind: 'revision', revision: Number(options.getStreamPosition()) };
    case PositionCase.NO_STREAM:
      return { kind: 'noStream' };
    case PositionCase.STREAM_EXISTS:
      return { kind: 'streamExists' };
    case PositionCase.ANY:
    case PositionCase.EXPECTED_STREAM_POSITION_NOT_SET:
      return { kind: 'any' };
  }
}

function wrongExpectedVersion(
  expected: ExpectedVersion,
  currentRevision: number,
): WrongExpectedVersion {
  const details = new WrongExpectedVersion();
  if (currentRevision < 0) details.setCurrentNoStream(new WellKnownEmpty());
  else details.setCurrentStreamRevision(String(currentRevision));
  switch (expected.kind) {
    case 'any':
      return details.setExpectedAny(new WellKnownEmpty());
    case 'noStream':
      return details.setExpectedNoStream(new WellKnownEmpty());
    case 'streamExists':
      return details.setExpectedStreamExists(new WellKnownEmpty());
    case 'revision':
      return details.setExpectedStreamPosition(String(expected.revision));
    default: {
      const unreachable: never = expected;
      return unreachable;
    }
  }
}
