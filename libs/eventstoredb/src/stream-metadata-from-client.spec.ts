import { SOFT_DELETED_TRUNCATE_BEFORE } from '@agent-ledger/event-store';
import { streamMetadataFromClient } from './stream-metadata-from-client';

describe('streamMetadataFromClient', () => {
  it('is empty when there is no metadata', () => {
    expect(streamMetadataFromClient(undefined)).toEqual({});
  });

  it('keeps the three rules and gathers the other keys as custom metadata', () => {
    expect(
      streamMetadataFromClient({
        maxCount: 5,
        maxAge: 60,
        truncateBefore: 2,
        cacheControl: 10,
        acl: { readRoles: ['$all'] },
        owner: 'agent-1',
        tags: ['a'],
        $reserved: true,
      }),
    ).toEqual({
      maxCount: 5,
      maxAge: 60,
      truncateBefore: 2,
      customMetadata: { owner: 'agent-1', tags: ['a'] },
    });
  });

  it("reads EventStoreDB's soft-delete mark (long.MaxValue, parsed as 2^63) as the port's", () => {
    expect(streamMetadataFromClient({ truncateBefore: 2 ** 63 })).toEqual({
      truncateBefore: SOFT_DELETED_TRUNCATE_BEFORE,
    });
  });

  it('drops rules that are not integers', () => {
    expect(streamMetadataFromClient({ maxCount: 1.5, truncateBefore: 'start' })).toEqual({});
  });
});
