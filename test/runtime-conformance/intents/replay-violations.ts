import type { ModelCall, SessionRecord } from '../scenario/session-record';
import { excerpt } from './excerpt';

/**
 * Intent 7: the ledger's history reproduces the call. The body a replay sent (see
 * `replayCalls`: the context `atRevision` of the call's `contextRevision`, through the same
 * adapter, tools and settings) is compared with the body of the call as strings, byte for byte;
 * a difference is shown at its first differing character, in both bodies.
 */
export function replayViolations(call: ModelCall, replays: SessionRecord['replays']): string[] {
  const replay = replays.get(call.number);
  if (replay === undefined) return [`${call.label}: was not replayed`];
  if ('error' in replay) return [`${call.label}: the replay failed: ${replay.error}`];
  const sent = call.request.body;
  if (replay.body === sent) return [];
  let index = 0;
  while (index < sent.length && sent[index] === replay.body[index]) index += 1;
  return [
    `${call.label}: the replay at revision ${call.contextRevision} differs from character ${index}:\n  sent:     ${excerpt(sent, index)}\n  replayed: ${excerpt(replay.body, index)}`,
  ];
}
