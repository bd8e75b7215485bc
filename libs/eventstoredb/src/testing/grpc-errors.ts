import { Metadata, status, type StatusObject } from '@grpc/grpc-js';

/** A gRPC status the emulator ends a call with. */
export type EmulatorStatus = Pick<StatusObject, 'code' | 'details' | 'metadata'>;

function withExceptionMetadata(
  code: status,
  details: string,
  entries: Record<string, string>,
): EmulatorStatus {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(entries)) metadata.set(key, value);
  return { code, details, metadata };
}

/**
 * The errors EventStoreDB's `RpcExceptions` raises, with the `exception` trailer the client
 * reads to pick its error class.
 */
export const grpcErrors = {
  streamDeleted: (streamName: string): EmulatorStatus =>
    withExceptionMetadata(status.FAILED_PRECONDITION, `Event stream '${streamName}' is deleted.`, {
      exception: 'stream-deleted',
      'stream-name': streamName,
    }),
  wrongExpectedVersion: (
    operation: string,
    streamName: string,
    expectedVersion: number,
    actualVersion: number,
  ): EmulatorStatus =>
    withExceptionMetadata(
      status.FAILED_PRECONDITION,
      `${operation} failed due to WrongExpectedVersion. Stream: ${streamName}, Expected version: ${expectedVersion}, Actual version: ${actualVersion}`,
      {
        exception: 'wrong-expected-version',
        'stream-name': streamName,
        'expected-version': String(expectedVersion),
        'actual-version': String(actualVersion),
      },
    ),
  maxAppendSizeExceeded: (maxAppendSize: number): EmulatorStatus =>
    withExceptionMetadata(
      status.INVALID_ARGUMENT,
      `Maximum Append Size of ${maxAppendSize} Exceeded.`,
      {
        exception: 'maximum-append-size-exceeded',
        'maximum-append-size': String(maxAppendSize),
      },
    ),
  invalidArgument: (details: string): EmulatorStatus => ({
    code: status.INVALID_ARGUMENT,
    details,
    metadata: new Metadata(),
  }),
  unavailable: (details: string): EmulatorStatus => ({
    code: status.UNAVAILABLE,
    details,
    metadata: new Metadata(),
  }),
};
