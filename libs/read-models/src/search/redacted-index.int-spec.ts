import type { SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { ProjectionRunner } from '../runner/projection-runner';
import type { ExportPolicy } from '../session-views/export-policy';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { RecordedMessagesHandler } from './recorded-messages-handler';
import { SearchReader } from './search-reader';

const KEY = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';

function input(id: string, content: string, agentName?: string): SessionEvent {
  return {
    type: 'UserInputRecorded',
    data: {
      id,
      sessionId: 's1',
      createdAt: '2026-03-01T10:00:00.000Z',
      kind: 'user_input',
      role: 'user',
      content,
      ...(agentName === undefined ? {} : { metadata: { agentName } }),
    },
  };
}

const EVENTS: SessionEvent[] = [
  input('m1', `my key is ${KEY} and the ticket ACME-123456 fails`),
  input('m2', 'nothing secret here', `agent-${KEY}`),
];

/** The ids a query finds in one index. */
function found(reader: SearchReader, query: string, index: 'recorded' | 'redacted'): string[] {
  return reader
    .search({ query, index })
    .results.map((result) => result.messageId)
    .sort();
}

/** Replays the fixture's log into its read models under `exportPolicy`, as a server started with it. */
async function projectUnder(fixture: ReadModelFixture, exportPolicy: ExportPolicy): Promise<void> {
  const runner = new ProjectionRunner({
    store: fixture.store,
    db: fixture.db,
    handlers: createReadModelHandlers(fixture.db, { exportPolicy }),
  });
  await runner.catchUp();
  await runner.stop();
}

describe('RecordedMessagesHandler: the index of the redacted text', () => {
  let fixture: ReadModelFixture;

  beforeEach(async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(fixture.store, 's1', EVENTS);
    await fixture.runner.catchUp();
  });

  afterEach(() => fixture.close());

  it('holds no word, prefix or phrase of a redacted secret, which the recorded index holds', () => {
    const reader = new SearchReader(fixture.db);
    for (const query of [KEY, 'abcdefghij*', 'api03', '"is sk"', 'sk*']) {
      expect([query, found(reader, query, 'redacted')]).toEqual([query, []]);
      expect([query, found(reader, query, 'recorded')]).toEqual([query, ['m1']]);
    }
    expect(found(reader, '"key is redacted"', 'redacted')).toEqual(['m1']);
    expect(found(reader, 'ticket', 'redacted')).toEqual(['m1']);
  });

  it('is what a search matches unless it asks for the recorded text', () => {
    expect(new SearchReader(fixture.db).search({ query: 'api03' }).results).toEqual([]);
  });

  it('holds an agent name as the views redact it: its filter finds it only in the recorded index', () => {
    const reader = new SearchReader(fixture.db);
    expect(found(reader, `agent:agent-${KEY}`, 'redacted')).toEqual([]);
    expect(found(reader, `agent:agent-${KEY}`, 'recorded')).toEqual(['m2']);
    expect(found(reader, 'agent:agent-[REDACTED]', 'redacted')).toEqual(['m2']);
  });

  it('follows the operator’s patterns: a new policy is a new version, and the index is rebuilt under it', async () => {
    const policy = { extraPatterns: ['ACME-[0-9]{6}'] };
    expect(new RecordedMessagesHandler(fixture.db, policy).version).not.toBe(
      new RecordedMessagesHandler(fixture.db).version,
    );
    const reader = new SearchReader(fixture.db);
    expect(found(reader, '123456', 'redacted')).toEqual(['m1']);
    await projectUnder(fixture, policy);
    expect(found(reader, '123456', 'redacted')).toEqual([]);
    expect(found(reader, '123456', 'recorded')).toEqual(['m1']);
    expect(found(reader, 'api03', 'redacted')).toEqual([]);
  });

  it('keeps the default rules when the export’s redaction is off, as the views do', async () => {
    await projectUnder(fixture, { redactSecrets: false });
    const reader = new SearchReader(fixture.db);
    expect(found(reader, 'api03', 'redacted')).toEqual([]);
    expect(found(reader, 'api03', 'recorded')).toEqual(['m1']);
  });
});
