import {
  AccessDeniedError,
  MaxAppendSizeExceededError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendTooLargeError,
  StoreUnavailableError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@agent-ledger/event-store';
import { mapEventStoreDbError } from './map-eventstoredb-error';

describe('mapEventStoreDbError', () => {
  it("gives a wrong expected version the caller's expectation and the server's actual revision", () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'order-1',
      expected: 3n,
      current: 1n,
    });
    const mapped = mapEventStoreDbError(error, { streamName: 'order-1', expectedRevision: 3 });
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({
      code: 'WrongExpectedRevision',
      streamName: 'order-1',
      expectedRevision: 3,
      actualRevision: 1,
    });
  });

  it.each([
    ['no_stream', 'no_stream' as const],
    ['-1, as delete errors carry it', -1n],
  ])('reads an actual version of %s as no_stream', (_, current) => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'order-1',
      expected: 'stream_exists',
      current,
    });
    expect(
      mapEventStoreDbError(error, { streamName: 'order-1', expectedRevision: 'stream_exists' }),
    ).toMatchObject({ expectedRevision: 'stream_exists', actualRevision: 'no_stream' });
  });

  it('maps not found and deleted streams to the port errors, named after the stream asked for', () => {
    expect(
      mapEventStoreDbError(new EsdbStreamNotFoundError(undefined, 'order-1'), {
        streamName: 'order-1',
      }),
    ).toEqual(new StreamNotFoundError('order-1'));
    const deleted = mapEventStoreDbError(EsdbStreamDeletedError.fromStreamName('$$order-1'), {
      streamName: 'order-1',
    });
    expect(deleted).toEqual(new StreamDeletedError('order-1'));
  });

  it('maps the maximum append size with the size the adapter measured', () => {
    const mapped = mapEventStoreDbError(MaxAppendSizeExceededError.fromMaxAppendSize(1048576), {
      streamName: 'order-1',
      appendSize: 2000000,
    });
    expect(mapped).toBeInstanceOf(AppendTooLargeError);
    expect(mapped).toMatchObject({ streamName: 'order-1', size: 2000000, limit: 1048576 });
  });

  it('maps an unreachable server to StoreUnavailableError, so the HTTP layer answers 503', () => {
    const mapped = mapEventStoreDbError(new UnavailableError(), { streamName: 'order-1' });
    expect(mapped).toBeInstanceOf(StoreUnavailableError);
    expect(mapped).toMatchObject({ code: 'StoreUnavailable' });
  });

  it('passes any other error through unchanged', () => {
    const denied = new AccessDeniedError();
    expect(mapEventStoreDbError(denied, { streamName: 'order-1' })).toBe(denied);
  });
});
