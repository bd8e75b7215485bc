import { sessionKeyOf } from '@agent-ledger/events';
import type { Caller } from './caller';

/**
 * A session as a request addresses it: `sessionId`, the public id the caller named (what answers
 * and errors show), and `key`, the session key its stream and read-model rows have in the
 * caller's tenant (what reads use). A session of another tenant has another key, so it is simply
 * not found.
 */
export interface SessionRef {
  sessionId: string;
  key: string;
}

export function sessionRefOf(caller: Caller, sessionId: string): SessionRef {
  return { sessionId, key: sessionKeyOf(caller.tenant, sessionId) };
}
