import { isLedgerError } from '@agent-ledger/client';
import { useMemo, useState } from 'preact/hooks';
import { can, describeError, useConnection } from '../auth';
import { SessionAnalyticsPanel } from '../analytics/session-analytics-panel';
import { callTree } from '../model/call-tree';
import type { Route } from '../model/routes';
import { Link, navigate } from '../router';
import { ShortId } from '../short-id';
import { TimeTravelPanel } from '../time-travel/time-travel-panel';
import { useTimeline } from '../time-travel/use-timeline';
import { CallRow, PointRow } from '../transcript/call-row';
import { TranscriptRow } from '../transcript/transcript-row';
import { useTranscript } from '../transcript/use-transcript';
import { VirtualList } from '../transcript/virtual-list';
import { WhyPanel } from '../why/why-panel';
import { ExportButtons } from './export-buttons';
import { EraseSession } from '../lifecycle/erase-session';
import { useAsync } from '../use-async';

type Panel = 'why' | 'time-travel' | 'analytics';

/**
 * One session: its tree of turns, model calls and messages (windowed, live), beside the Why, Time
 * travel and Analytics panels. At a time-travel point the tree moves with it: what was recorded
 * later is faded below a marker, and the marker is scrolled into view.
 */
export function SessionPage({ route }: { route: Extract<Route, { page: 'session' }> }) {
  const connection = useConnection();
  const { sessionId } = route;
  const [generation, setGeneration] = useState(0);
  const [notFound, setNotFound] = useState(false);
  const transcript = useTranscript(
    connection.client,
    connection.apiKey,
    sessionId,
    (error) => {
      if (!isLedgerError(error, 'SessionNotFound')) return describeError(connection, error);
      setNotFound(true);
      return `No session “${sessionId}” here: it does not exist, was erased, or belongs to another tenant than this key’s.`;
    },
    generation,
  );
  const summary = useAsync(
    () => connection.client.getSession(sessionId),
    [connection.client, sessionId, generation],
  );
  // Read again once the transcript is complete and whenever the session moves on.
  const timeline = useTimeline(
    connection.client,
    sessionId,
    transcript.complete ? transcript.revision : -1,
    can(connection, 'audit'),
  );
  const [panel, setPanel] = useState<Panel>(
    route.messageId === undefined && (route.revision !== undefined || route.call !== undefined)
      ? 'time-travel'
      : 'why',
  );

  const calls = timeline.status === 'done' ? timeline.value.calls : [];
  // The point the tree shows: a revision, or the context a recorded call was made from.
  const pointCall =
    route.call === undefined ? undefined : calls.find((call) => call.number === route.call);
  const atRevision =
    route.revision ??
    (pointCall === undefined ? undefined : (pointCall.contextRevision ?? pointCall.revision - 1));
  const tree = useMemo(
    () =>
      callTree(
        transcript.entries,
        transcript.pairs,
        calls,
        atRevision === undefined
          ? undefined
          : {
              atRevision,
              messageRevisions:
                timeline.status === 'done' ? timeline.value.messageRevisions : new Map(),
            },
      ),
    [transcript.version, timeline, atRevision],
  );

  // Messages each compaction marker covers: those since the previous marker. A provider's
  // compaction stands for the messages on the line before it, not the copies it kept nor notes.
  const covered = useMemo(() => {
    const counts = new Map<string, number>();
    let since = 0;
    let onLine = 0;
    for (const entry of transcript.entries) {
      if (entry.kind === 'compact_boundary') {
        counts.set(entry.id, since);
        since = 0;
        onLine = 0;
      } else if (entry.providerCompaction !== undefined) {
        counts.set(entry.id, onLine);
        since = 0;
        onLine = 0;
      } else {
        since += 1;
        const copyOrNote = entry.repeatsMessageId !== undefined || entry.kind === 'system_note';
        if (entry.rewound !== true && !copyOrNote) onLine += 1;
      }
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
  const openCall = (callNumber: number): void => {
    setPoint({ call: callNumber });
    setPanel('time-travel');
  };

  if (notFound) {
    return (
      <main id="main" class="page empty-state">
        <h1>Session not found</h1>
        <p role="alert" class="error">
          {transcript.error}
        </p>
        <p>
          <Link to={{ page: 'sessions' }}>Back to the sessions</Link>
        </p>
      </main>
    );
  }

  // A message asked for, else the time-travel point with the row before it still in view.
  const scrollTo =
    route.messageId !== undefined
      ? tree.rowOf.get(route.messageId)
      : tree.pointRow === undefined
        ? undefined
        : Math.max(0, tree.pointRow - 1);
  const selectedEntry =
    route.messageId === undefined
      ? undefined
      : transcript.entries[transcript.indexOf.get(route.messageId) ?? -1];

  return (
    <main id="main" class="session-page">
      <div class="session-head">
        <h1>
          <span class="muted">Session</span> <ShortId id={sessionId} />
        </h1>
        <p class="session-status muted" role="status">
          {!transcript.complete && transcript.error === undefined ? (
            <span class="loading">Loading… </span>
          ) : null}
          {transcript.entries.length.toLocaleString('en-US')} messages
          {calls.length > 0 && ` · ${calls.length} model calls`} · revision {transcript.revision}
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
          <h2 id="transcript-heading" class="visually-hidden">
            Transcript
          </h2>
          {transcript.complete && transcript.entries.length === 0 ? (
            <p class="empty-state">This session has no messages yet.</p>
          ) : (
            <VirtualList
              label="Transcript messages"
              count={tree.rows.length}
              version={transcript.version * 7919 + tree.rows.length + (atRevision ?? -1)}
              estimateHeight={96}
              keyOf={(index) => tree.rows[index]?.key ?? String(index)}
              scrollToIndex={scrollTo}
              renderRow={(index) => {
                const row = tree.rows[index];
                if (row === undefined) return null;
                if (row.type === 'point') return <PointRow revision={row.revision} />;
                if (row.type === 'call')
                  return (
                    <CallRow
                      call={row.call}
                      depth={row.depth}
                      later={row.later}
                      current={route.call === row.call.number}
                      onOpen={openCall}
                    />
                  );
                return (
                  <TranscriptRow
                    sessionId={sessionId}
                    row={row}
                    pairs={transcript.pairs}
                    covered={covered.get(row.entry.id)}
                    selectedId={route.messageId}
                    revisions={
                      timeline.status === 'done' ? timeline.value.messageRevisions : undefined
                    }
                    atRevision={atRevision}
                    onSelect={select}
                    onRewound={() => setGeneration((value) => value + 1)}
                  />
                );
              }}
            />
          )}
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
            <WhyPanel
              sessionId={sessionId}
              messageId={route.messageId}
              entry={selectedEntry}
              revision={route.revision}
              timeline={timeline}
            />
          )}
          {panel === 'time-travel' && (
            <TimeTravelPanel
              sessionId={sessionId}
              timeline={timeline}
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
