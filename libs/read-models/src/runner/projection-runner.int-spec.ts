import type { EventStore, Subscription, SubscriptionMessage } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { seedExampleEvents } from '@agent-ledger/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { SessionViewsHandler } from '../session-views/session-views-handler';
import { SessionViewsReader } from '../session-views/session-views-reader';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { listFailedEvents } from './list-failed-events';
import type { ProjectionHandler } from './projection-handler';
import { ProjectionRunner } from './projection-runner';
import type { RebuildProgress } from './rebuild-progress';

const userInput = (id: string, content: string): SessionEvent => ({
  type: 'UserInputRecorded',
  data: {
    id,
    sessionId: 's1',
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T11:00:00.000Z',
    content,
  },
});

async function expectEqualToReplay(fixture: ReadModelFixture, sessionId: string): Promise<void> {
  const events = await fixture.sessionEvents(sessionId);
  expect(readSessionReadModels(fixture.db, sessionId)).toEqual(
    computeSessionReadModels(sessionId, events),
  );
}

const transcriptIds = (fixture: ReadModelFixture): string[] =>
  new SessionViewsReader(fixture.db).transcript('s1').messages.map((message) => message.id);

describe('ProjectionRunner', () => {
  let fixture: ReadModelFixture;
  afterEach(async () => {
    await fixture.close();
  });

  describe('a poisoned event', () => {
    it('that fails its schema is recorded and skipped; later events still arrive', async () => {
      fixture = createReadModelFixture();
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      const poisoned = await fixture.store.append(sessionStreamName('s1'), [
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'UserInputRecorded',
          data: { id: 'm6', kind: 'user_input', content: 42 },
          metadata: { schemaVersion: 1 },
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'UserInputRecorded',
          data: userInput('m7', 'from a newer writer').data,
          metadata: { schemaVersion: 99 },
        },
      ]);
      await appendSessionEvents(fixture.store, 's1', [userInput('m8', 'Still there?')]);

      await fixture.runner.catchUp();

      expect(transcriptIds(fixture)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm8']);
      const failed = listFailedEvents(fixture.db, 's1');
      expect(
        failed.map(({ handler, revision, eventId }) => ({ handler, revision, eventId })),
      ).toEqual([
        {
          handler: 'analytics-timeline',
          revision: 7,
          eventId: '00000000-0000-4000-8000-000000000001',
        },
        {
          handler: 'recorded-messages',
          revision: 7,
          eventId: '00000000-0000-4000-8000-000000000001',
        },
        { handler: 'session-list', revision: 7, eventId: '00000000-0000-4000-8000-000000000001' },
        { handler: 'session-views', revision: 7, eventId: '00000000-0000-4000-8000-000000000001' },
        {
          handler: 'analytics-timeline',
          revision: 8,
          eventId: '00000000-0000-4000-8000-000000000002',
        },
        {
          handler: 'recorded-messages',
          revision: 8,
          eventId: '00000000-0000-4000-8000-000000000002',
        },
        { handler: 'session-list', revision: 8, eventId: '00000000-0000-4000-8000-000000000002' },
        { handler: 'session-views', revision: 8, eventId: '00000000-0000-4000-8000-000000000002' },
      ]);
      expect(failed[0]).toMatchObject({
        streamName: 'session-s1',
        sessionId: 's1',
        position: poisoned.position - 1,
        eventType: 'UserInputRecorded',
        error: expect.stringContaining('content') as unknown,
      });
      expect(failed[4]?.error).toContain('schemaVersion: 99 is not supported');
      // The pure route skips the same events: one truth, two routes.
      await expectEqualToReplay(fixture, 's1');
    });

    it('that makes a handler throw is rolled back for that handler alone', async () => {
      const failing: ProjectionHandler = {
        name: 'failing',
        version: '1',
        setUp: () => fixture.db.exec('CREATE TABLE IF NOT EXISTS failing_rows (id TEXT)'),
        drop: () => fixture.db.exec('DROP TABLE IF EXISTS failing_rows'),
        apply: (logged) => {
          fixture.db.prepare('INSERT INTO failing_rows (id) VALUES (?)').run(logged.id);
          if (logged.revision === 2) throw new Error('a bug in the handler');
        },
      };
      fixture = createReadModelFixture({ batchSize: 100 });
      const handlers = [...createReadModelHandlers(fixture.db), failing];
      const runner = new ProjectionRunner({ store: fixture.store, db: fixture.db, handlers });
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());

      await runner.catchUp();

      const rows = fixture.db.prepare<[], { id: string }>('SELECT id FROM failing_rows').all();
      expect(rows).toHaveLength(6);
      expect(listFailedEvents(fixture.db)).toEqual([
        expect.objectContaining({ handler: 'failing', revision: 2, error: 'a bug in the handler' }),
      ]);
      await expectEqualToReplay(fixture, 's1');
    });
  });

  describe('live', () => {
    it('follows appends after catching up, and waitForPosition gives read-your-writes', async () => {
      fixture = createReadModelFixture();
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      fixture.runner.start();
      const appended = await appendSessionEvents(fixture.store, 's1', [userInput('m6', 'Go on.')]);

      await expect(fixture.runner.waitForPosition(appended.position, 5000)).resolves.toBe(true);
      expect(transcriptIds(fixture)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
      await expect(fixture.runner.waitForPosition(appended.position + 100, 50)).resolves.toBe(
        false,
      );
      await expectEqualToReplay(fixture, 's1');
    });

    it('resubscribes from its checkpoint when the subscription fails', async () => {
      let failures = 0;
      fixture = createReadModelFixture({
        batchSize: 2,
        retryDelayMs: 1,
        wrapStore: (store) => withFailingSubscription(store, () => failures++ === 0),
      });
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      fixture.runner.start();
      const appended = await appendSessionEvents(fixture.store, 's1', [userInput('m6', 'Go on.')]);

      await expect(fixture.runner.waitForPosition(appended.position, 5000)).resolves.toBe(true);
      expect(failures).toBeGreaterThan(1);
      expect(listFailedEvents(fixture.db)).toEqual([]);
      await expectEqualToReplay(fixture, 's1');
    });
  });

  describe('rebuild', () => {
    it('drops and rebuilds every read model, reporting progress after each batch', async () => {
      fixture = createReadModelFixture({ batchSize: 3 });
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      await fixture.runner.catchUp();
      fixture.db.exec("UPDATE rm_messages SET in_transcript = 0 WHERE id = 'm2'");
      const progress: RebuildProgress[] = [];

      await fixture.runner.rebuild((report) => progress.push(report));

      const head = await fixture.store.headPosition();
      expect(progress.map((report) => report.processedEvents)).toEqual([3, 6, 7]);
      expect(progress.at(-1)).toEqual({ processedEvents: 7, position: head, headPosition: head });
      await expectEqualToReplay(fixture, 's1');
    });

    it('happens on start when a handler’s version changed (a new redaction policy)', async () => {
      fixture = createReadModelFixture();
      await appendSessionEvents(fixture.store, 's1', [
        ...seedExampleEvents(),
        userInput('m6', 'My ticket is ACME-123456.'),
      ]);
      await fixture.runner.catchUp();
      const exportPolicy = { extraPatterns: ['ACME-[0-9]{6}'] };
      const runner = new ProjectionRunner({
        store: fixture.store,
        db: fixture.db,
        handlers: createReadModelHandlers(fixture.db, { exportPolicy }),
      });
      expect(runner.position).toBeNull();
      await runner.catchUp();

      const exported = new SessionViewsReader(fixture.db).export('s1');
      expect(exported.messages.at(-1)?.content).toBe('My ticket is [REDACTED].');
      expect(new SessionViewsHandler(fixture.db, exportPolicy).version).not.toBe(
        new SessionViewsHandler(fixture.db).version,
      );
      const events = await fixture.sessionEvents('s1');
      expect(readSessionReadModels(fixture.db, 's1')).toEqual(
        computeSessionReadModels('s1', events, { exportPolicy }),
      );
    });

    it('happens on start for a file the separate search and analytics handlers wrote', async () => {
      fixture = createReadModelFixture();
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      // What those handlers left: their checkpoints, a failed event, the old analytics table.
      fixture.db.exec(`
        CREATE TABLE rm_analytics_messages (session_id TEXT, facts TEXT);
        INSERT INTO rm_checkpoints (handler, version, position) VALUES ('search', '1', 0), ('analytics', '1', 0);
        INSERT INTO rm_failed_events VALUES ('analytics', 0, 'session-s1', 's1', 0, 'e', 'T', 'old', 'then');
      `);

      await fixture.runner.catchUp();

      const handlers = fixture.db
        .prepare<[], { handler: string }>('SELECT handler FROM rm_checkpoints ORDER BY handler')
        .all()
        .map((row) => row.handler);
      expect(handlers).toEqual([
        'analytics-timeline',
        'recorded-messages',
        'session-list',
        'session-views',
      ]);
      expect(listFailedEvents(fixture.db)).toEqual([]);
      const oldTable = fixture.db
        .prepare("SELECT 1 FROM sqlite_master WHERE name = 'rm_analytics_messages'")
        .get();
      expect(oldTable).toBeUndefined();
      await expectEqualToReplay(fixture, 's1');
    });
  });
});

/** The store, whose subscriptions throw after their first event while `fail()` says so. */
function withFailingSubscription(store: EventStore, fail: () => boolean): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'subscribeToAll') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<EventStore['subscribeToAll']>): Subscription => {
        const inner = target.subscribeToAll(...args);
        const failing = fail();
        return {
          close: () => inner.close(),
          async *[Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
            let delivered = 0;
            for await (const message of inner) {
              yield message;
              delivered += 1;
              if (failing && delivered === 3) throw new Error('connection reset');
            }
          },
        };
      };
    },
  });
}
