import { isLedgerError } from '@agent-ledger/client';
import { useMemo, useState } from 'preact/hooks';
import { describeError, useConnection } from '../auth';
import { SessionAnalyticsPanel } from '../analytics/session-analytics-panel';
import type { Route } from '../model/routes';
import { navigate } from '../router';
import { TimeTravelPanel } from '../time-travel/time-travel-panel';
import { TranscriptRow } from '../transcript/transcript-row';
import { useTranscript } from '../transcript/use-transcript';
import { VirtualList } from '../transcript/virtual-list';
import { WhyPanel } from '../why/why-panel';
import { ExportButtons } from './export-buttons';
import { EraseSession } from '../lifecycle/erase-session';
import { Link } from '../router';
import { useAsync } from '../use-async';

type Panel = 'why' | 'time-travel' | 'analytics';

/** One session: the transcript (virtualized, live) beside the Why, Time travel and Analytics panels. */
export function SessionPage({ route }: { route: Extract<Route, { page: 'session' }> }) {
  const connection = useConnection();
  const { sessionId } = route;
  const [generation, setGeneration] = useState(0);
  const transcript = useTranscript(
    connection.client,
    connection.apiKey,
    sessionId,
    (error) =>
      isLedgerError(error, 'SessionNotFound')
        ? `No session “${sessionId}” here: it does not exist, was erased, or belongs to another tenant than this key’s.`
        : describeError(connection, error),
    generation,
  );
  const summary = useAsync(
    () => connection.client.getSession(sessionId),
    [connection.client, sessionId, generation],
  );
  const [panel, setPanel] = useState<Panel>(
    route.messageId === undefined && (route.revision !== undefined || route.call !== undefined)
      ? 'time-travel'
      : 'why',
  );

  const selectedIndex =
    route.messageId === undefined ? undefined : transcript.indexOf.get(route.messageId);
  // Messages each compaction marker covers: those since the previous marker.
  const covered = useMemo(() => {
    const counts = new Map<string, number>();
    let since = 0;
    for (const entry of transcript.entries) {
      if (entry.kind === 'compact_boundary') {
        counts.set(entry.id, since);
        since = 0;
      } else since += 1;
    }
    return counts;
  }, [transcript.version]);

  const select = (messageId: string): void => {
    navigate({ ...route, messageId }, { replace: true });
    setPanel('why');
  };
  const setPoint = (point: { revision?: number; call?: number }): void => {
    const { revision: _revision, call: _call, ...rest } = route;
    navigate({ ...rest, ...point }, { replace: true });
  };

  return (
    <main id="main" class="session-page">
      <div class="session-head">
        <h1>
          Session <span class="session-id">{sessionId}</span>
        </h1>
        <p class="muted" role="status">
          {transcript.entries.length.toLocaleString('en-US')} messages · revision{' '}
          {transcript.revision}
          {transcript.complete ? '' : ' · loading…'}
          {transcript.live ? ' · live' : ''}
        </p>
        {summary.status === 'done' && summary.value.forkedFrom !== undefined && (
          <p class="lineage">
            Forked from{' '}
            <Link to={{ page: 'session', sessionId: summary.value.forkedFrom.sessionId }}>
              {summary.value.forkedFrom.sessionId}
            </Link>{' '}
            at revision {summary.value.forkedFrom.revision}
          </p>
        )}
        <ExportButtons sessionId={sessionId} revision={route.revision} call={route.call} />
        <EraseSession
          sessionId={sessionId}
          summary={summary.status === 'done' ? summary.value : undefined}
        />
      </div>
      {transcript.error !== undefined && (
        <p role="alert" class="error">
          {transcript.error}
        </p>
      )}
      <div class="session-body">
        <section class="transcript" aria-labelledby="transcript-heading">
          <h2 id="transcript-heading">Transcript</h2>
          <VirtualList
            label="Transcript messages"
            count={transcript.entries.length}
            version={transcript.version}
            estimateHeight={96}
            keyOf={(index) => transcript.entries[index]?.id ?? String(index)}
            scrollToIndex={selectedIndex}
            renderRow={(index) => {
              const entry = transcript.entries[index];
              if (entry === undefined) return null;
              return (
                <TranscriptRow
                  sessionId={sessionId}
                  entry={entry}
                  pairs={transcript.pairs}
                  covered={covered.get(entry.id)}
                  selected={entry.id === route.messageId}
                  onSelect={select}
                  onRewound={() => setGeneration((value) => value + 1)}
                />
              );
            }}
          />
        </section>
        <section class="side" aria-label="Session panels">
          <div class="tabs" role="group" aria-label="Panel">
            {(
              [
                ['why', 'Why'],
                ['time-travel', 'Time travel'],
                ['analytics', 'Analytics'],
              ] as const
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                aria-pressed={panel === id}
                onClick={() => setPanel(id)}
              >
                {label}
              </button>
            ))}
          </div>
          {panel === 'why' && (
            <WhyPanel sessionId={sessionId} messageId={route.messageId} revision={route.revision} />
          )}
          {panel === 'time-travel' && (
            <TimeTravelPanel
              sessionId={sessionId}
              latestRevision={transcript.revision}
              revision={route.revision}
              call={route.call}
              onPoint={setPoint}
            />
          )}
          {panel === 'analytics' && (
            <SessionAnalyticsPanel sessionId={sessionId} revision={transcript.revision} />
          )}
        </section>
      </div>
    </main>
  );
}
