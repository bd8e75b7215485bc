import type { AppendExpectedRevision } from '@eventstore/db-client';
import type { ExpectedRevision } from '@agent-ledger/event-store';

/** The port's expected revision as the client takes it (exact revisions are `bigint`). */
export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}
