import type { ServerWritableStream, handleServerStreamingCall } from '@grpc/grpc-js';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { compileFilter } from './filter-matching';
import { grpcErrors } from './grpc-errors';
import type { LogRecord } from './log-record';
import type { LogStore } from './log-store';
import { readEventResponse, streamIdentifier, streamNameOf } from './proto-mapping';
import { runSubscription, type SubscriptionRegistry } from './subscription-handler';

const Direction = ReadReq.Options.ReadDirection;
const RevisionCase = ReadReq.Options.StreamOptions.RevisionOptionCase;
const AllCase = ReadReq.Options.AllOptions.AllOptionCase;

/**
 * `Streams.Read`: reads of one stream or of `$all`, forwards or backwards, and subscriptions to
 * `$all` (handed to {@link runSubscription}). Stream subscriptions are not emulated.
 */
export function readHandler(
  store: LogStore,
  subscriptions: SubscriptionRegistry,
  recordsPerTurn: number,
): handleServerStreamingCall<ReadReq, ReadResp> {
  return (call) => {
    const options = call.request.getOptions();
    if (options === undefined) {
      call.emit('error', grpcErrors.invalidArgument('Options expected.'));
      return;
    }
    if (options.hasSubscription()) {
      const all = options.getAll();
      if (all === undefined) {
        call.emit('error', grpcErrors.invalidArgument('The emulator only subscribes to $all.'));
        return;
      }
      runSubscription(call, store, subscriptions, all, options.getFilter(), recordsPerTurn);
      return;
    }
    const count = Number(options.getCount());
    const backwards = options.getReadDirection() === Direction.BACKWARDS;
    const stream = options.getStream();
    if (stream !== undefined) {
      readStream(call, store, stream, backwards, count);
      return;
    }
    const all = options.getAll();
    if (all !== undefined) {
      const matches = compileFilter(options.getFilter());
      const records = selectAll(store.records, all, backwards).filter(matches);
      writeAndEnd(call, records.slice(0, count));
    }
  };
}

function readStream(
  call: ServerWritableStream<ReadReq, ReadResp>,
  store: LogStore,
  stream: ReadReq.Options.StreamOptions,
  backwards: boolean,
  count: number,
): void {
  const streamName = streamNameOf(stream.getStreamIdentifier());
  const outcome = store.readStream(streamName);
  switch (outcome.kind) {
    case 'deleted':
      call.emit('error', grpcErrors.streamDeleted(streamName));
      return;
    case 'notFound':
      call.write(
        new ReadResp().setStreamNotFound(
          new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(streamName)),
        ),
      );
      call.end();
      return;
    case 'found': {
      const records = selectStream(outcome.records, stream, backwards);
      writeAndEnd(call, records.slice(0, count));
      return;
    }
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

/** Stream reads are inclusive of their start revision in both directions. */
function selectStream(
  records: LogRecord[],
  stream: ReadReq.Options.StreamOptions,
  backwards: boolean,
): LogRecord[] {
  switch (stream.getRevisionOptionCase()) {
    case RevisionCase.REVISION: {
      const from = BigInt(stream.getRevision());
      return backwards
        ? records.filter((record) => record.revision <= from).reverse()
        : records.filter((record) => record.revision >= from);
    }
    case RevisionCase.END:
      return backwards ? [...records].reverse() : [];
    case RevisionCase.START:
    case RevisionCase.REVISION_OPTION_NOT_SET:
      return backwards ? records.filter((record) => record.revision === 0n) : records;
  }
}

/**
 * `$all` reads: forwards from a position include the record at it; backwards from a position
 * return the records before it, as EventStoreDB's log reader does.
 */
function selectAll(
  records: readonly LogRecord[],
  all: ReadReq.Options.AllOptions,
  backwards: boolean,
): LogRecord[] {
  switch (all.getAllOptionCase()) {
    case AllCase.POSITION: {
      const from = Number(all.getPosition()?.getCommitPosition() ?? 0);
      return backwards
        ? records.filter((record) => record.position < from).reverse()
        : records.filter((record) => record.position >= from);
    }
    case AllCase.END:
      return backwards ? [...records].reverse() : [];
    case AllCase.START:
    case AllCase.ALL_OPTION_NOT_SET:
      return backwards ? [] : [...records];
  }
}

function writeAndEnd(call: ServerWritableStream<ReadReq, ReadResp>, records: LogRecord[]): void {
  for (const record of records) call.write(readEventResponse(record));
  call.end();
}
