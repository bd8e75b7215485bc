import Database from 'better-sqlite3';
import fc from 'fast-check';
import { TENANT_NAME_PATTERN, sessionKeyOf } from '@agent-ledger/events';
import { tenantCondition } from './tenant-condition';

const publicId = fc.stringMatching(/^[^\s\p{Cc}]{1,40}$/u);
const tenant = fc.stringMatching(TENANT_NAME_PATTERN);

describe('tenantCondition', () => {
  it("a tenant's condition keeps exactly its keys, in SQLite", () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE rows (session_id TEXT PRIMARY KEY)');
    fc.assert(
      fc.property(tenant, tenant, publicId, (a, b, id) => {
        db.exec('DELETE FROM rows');
        db.prepare('INSERT INTO rows VALUES (?)').run(sessionKeyOf(b, id));
        const condition = tenantCondition('session_id', a);
        const kept = db
          .prepare(`SELECT count(*) AS n FROM rows WHERE ${condition.sql}`)
          .get(condition.params) as { n: number };
        expect(kept.n).toBe(a === b ? 1 : 0);
        const everyTenant = tenantCondition('session_id', undefined);
        expect(
          (
            db.prepare(`SELECT count(*) AS n FROM rows WHERE ${everyTenant.sql}`).get() as {
              n: number;
            }
          ).n,
        ).toBe(1);
      }),
    );
    db.close();
  });
});
