import type { Position } from '@eventstore/db-client';

/** The EventStoreDB position of a port position: commit and prepare are equal for gRPC writes. */
export function toClientPosition(position: number): Position {
  const value = BigInt(position);
  return { commit: value, prepare: value };
}
