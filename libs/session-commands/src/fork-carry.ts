import type { ModelContextReader } from '@agent-ledger/model-context';
import type { ForkCarry } from './session-command-runner';

/**
 * What a fork of a session at `atRevision` (default: its head) carries: the events the source's
 * model context there is computed from (`ModelContextReader.windowEvents`), and the source's
 * data subject and agent from its first event. `sourceKey` is the session key the reader reads
 * (the tenant's stream); `sourceSessionId` the public id the fork names as its source.
 */
export async function forkCarry(
  reader: Pick<ModelContextReader, 'windowEvents'>,
  sourceKey: string,
  sourceSessionId: string,
  atRevision?: number,
): Promise<ForkCarry> {
  const window = await reader.windowEvents(sourceKey, atRevision);
  const started = window.started;
  return {
    source: {
      sessionId: sourceSessionId,
      revision: window.revision,
      ...(started?.subjectId === undefined ? {} : { subjectId: started.subjectId }),
      ...(started?.agentName === undefined ? {} : { agentName: started.agentName }),
    },
    events: window.events.map((logged) => logged.event),
  };
}
