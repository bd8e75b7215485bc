import type { ModelContextQuery, ModelContextResponse } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { useConnection } from '../auth';
import { clip } from '../format';
import { contentText } from '../model/content-text';
import { diffModelContexts, type ContextChange } from '../model/diff-model-contexts';
import { readModelViewMessage, type ModelViewMessage } from '../model/model-view-message';
import type { SessionTimeline } from '../model/session-timeline';
import { ShortId } from '../short-id';
import { Pending, useAsync, type Async } from '../use-async';

const PROVIDERS = ['anthropic', 'openai', 'openai.chat', 'google'] as const;

/** A point of the slider: a revision, or the context a recorded model call was made from. */
interface Point {
  revision?: number;
  call?: number;
}

interface Props {
  sessionId: string;
  timeline: Async<SessionTimeline>;
  latestRevision: number;
  revision: number | undefined;
  call: number | undefined;
  onPoint: (point: Point) => void;
}

/**
 * Time travel: a slider over the session's revisions with stops at turns, model calls,
 * compactions, prunings and hand-offs; the model context at that point (model-view messages or
 * the exact AI SDK messages for a provider); the diff from a pinned point.
 */
export function TimeTravelPanel(props: Props) {
  const { timeline } = props;
  const [format, setFormat] = useState<'model' | 'ai-sdk'>('model');
  const [provider, setProvider] = useState<string>('anthropic');
  const [pinned, setPinned] = useState<Point | undefined>();
  const last =
    timeline.status === 'done' ? timeline.value.lastRevision : Math.max(props.latestRevision, 0);
  const point: Point =
    props.call !== undefined ? { call: props.call } : { revision: props.revision ?? last };
  const shownRevision = props.revision ?? last;

  return (
    <div class="panel" role="region" tabIndex={0} aria-label="Time travel">
      <h2>Time travel</h2>
      <Pending state={timeline} what="the session’s events" />
      <label for="revision-slider">
        Revision {props.call !== undefined ? `(model call ${props.call})` : shownRevision}
      </label>
      <input
        id="revision-slider"
        type="range"
        min={0}
        max={Math.max(last, 0)}
        step={1}
        value={shownRevision}
        aria-valuetext={`revision ${shownRevision} of ${last}`}
        onInput={(event) => props.onPoint({ revision: Number(event.currentTarget.value) })}
      />
      {timeline.status === 'done' && (
        <label>
          Jump to
          <select
            value={props.call !== undefined ? `c${props.call}` : `r${shownRevision}`}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value.startsWith('c')) props.onPoint({ call: Number(value.slice(1)) });
              else props.onPoint({ revision: Number(value.slice(1)) });
            }}
          >
            <option value={`r${last}`}>latest (revision {last})</option>
            {timeline.value.points.map((stop) => (
              <option
                key={`${stop.kind}${stop.revision}${stop.callNumber ?? ''}`}
                value={stop.callNumber !== undefined ? `c${stop.callNumber}` : `r${stop.revision}`}
              >
                {stop.revision >= 0 ? `${stop.revision}: ` : ''}
                {stop.label}
              </option>
            ))}
            {props.revision !== undefined &&
              !timeline.value.points.some((stop) => stop.revision === props.revision) && (
                <option value={`r${props.revision}`}>revision {props.revision}</option>
              )}
          </select>
        </label>
      )}
      <fieldset class="format">
        <legend>Show the context as</legend>
        <label class="check">
          <input
            type="radio"
            name="format"
            checked={format === 'model'}
            onChange={() => setFormat('model')}
          />{' '}
          model messages
        </label>
        <label class="check">
          <input
            type="radio"
            name="format"
            checked={format === 'ai-sdk'}
            onChange={() => setFormat('ai-sdk')}
          />{' '}
          AI SDK messages for
        </label>
        <label class="visually-hidden" for="provider">
          Provider
        </label>
        <select
          id="provider"
          value={provider}
          disabled={format !== 'ai-sdk'}
          onChange={(event) => setProvider(event.currentTarget.value)}
        >
          {PROVIDERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </fieldset>
      <div class="pin">
        <button type="button" onClick={() => setPinned(point)}>
          Pin this point as A
        </button>
        {pinned !== undefined && (
          <>
            <span>A: {describePoint(pinned)}</span>{' '}
            <button type="button" class="link" onClick={() => setPinned(undefined)}>
              Unpin
            </button>
          </>
        )}
      </div>
      {pinned !== undefined && <Diff sessionId={props.sessionId} a={pinned} b={point} />}
      <Context sessionId={props.sessionId} point={point} format={format} provider={provider} />
    </div>
  );
}

function describePoint(point: Point): string {
  return point.call !== undefined
    ? `model call ${point.call}`
    : `revision ${point.revision ?? 'latest'}`;
}

function pointQuery(point: Point): ModelContextQuery {
  if (point.call !== undefined) return { call: point.call };
  return point.revision === undefined ? {} : { atRevision: point.revision };
}

function Context(props: {
  sessionId: string;
  point: Point;
  format: 'model' | 'ai-sdk';
  provider: string;
}) {
  const { client } = useConnection();
  const context = useAsync(
    () =>
      client.modelContext<unknown>(props.sessionId, {
        ...pointQuery(props.point),
        ...(props.format === 'ai-sdk'
          ? { format: 'ai-sdk' as const, provider: props.provider }
          : {}),
      }),
    [client, props.sessionId, props.point.revision, props.point.call, props.format, props.provider],
  );
  return (
    <section aria-labelledby="context-heading">
      <h3 id="context-heading">
        The model’s context{' '}
        {context.status === 'done' ? `at revision ${context.value.revision}` : ''}
      </h3>
      <Pending state={context} what="the model context" />
      {context.status === 'done' && (
        <>
          <p class="muted">
            {context.value.messages.length} messages · window revisions{' '}
            {context.value.diagnostics.window.fromRevision}–
            {context.value.diagnostics.window.toRevision}
            {context.value.diagnostics.window.compactBoundaryId !== undefined &&
              ` · since compaction ${context.value.diagnostics.window.compactBoundaryId}`}
            {context.value.modelCall !== undefined &&
              ` · model call ${context.value.modelCall.callNumber} (${context.value.modelCall.provider ?? '?'} ${context.value.modelCall.modelId ?? ''})`}
          </p>
          {props.format === 'model' ? (
            <ol class="context" aria-label="Model messages">
              {context.value.messages
                .map(readModelViewMessage)
                .filter((message): message is ModelViewMessage => message !== undefined)
                .map((message, index) => (
                  <li key={index}>
                    <span class="role">{message.role}</span>{' '}
                    <span class="kind">{message.semanticType}</span>{' '}
                    <span class="muted">
                      {message.sourceMessageIds.map((id) => (
                        <ShortId key={id} id={id} copy={false} />
                      ))}
                    </span>
                    {message.compacted && <span class="flag"> stub</span>}
                    {message.truncated && <span class="flag"> truncated</span>}
                    <div class="preview">{clip(contentText(message.content), 240)}</div>
                  </li>
                ))}
            </ol>
          ) : (
            <pre class="json" aria-label="AI SDK messages" tabIndex={0}>
              {JSON.stringify(context.value.messages, null, 2)}
            </pre>
          )}
        </>
      )}
    </section>
  );
}

const CHANGE_LABELS: Record<ContextChange, string> = {
  added: 'added',
  'removed-by-compaction': 'removed by a compaction',
  removed: 'removed',
  'truncated-to-stub': 'truncated to the stub (pruned)',
  'untruncated-from-stub': 'no longer truncated to the stub',
  truncated: 'truncated',
  untruncated: 'no longer truncated',
  changed: 'changed',
};

function Diff(props: { sessionId: string; a: Point; b: Point }) {
  const { client } = useConnection();
  const diff = useAsync(async () => {
    const [a, b] = await Promise.all(
      [props.a, props.b].map((point) =>
        client.modelContext<unknown>(props.sessionId, pointQuery(point)),
      ),
    );
    if (a === undefined || b === undefined) return [];
    const read = (context: ModelContextResponse) => ({
      messages: context.messages
        .map(readModelViewMessage)
        .filter((message) => message !== undefined),
      compactBoundaryId: context.diagnostics.window.compactBoundaryId,
    });
    return diffModelContexts(read(a), read(b));
  }, [client, props.sessionId, props.a.revision, props.a.call, props.b.revision, props.b.call]);
  return (
    <section aria-labelledby="diff-heading" class="diff">
      <h3 id="diff-heading">
        Diff from A ({describePoint(props.a)}) to here ({describePoint(props.b)})
      </h3>
      <Pending state={diff} what="the diff" />
      {diff.status === 'done' &&
        (diff.value.length === 0 ? (
          <p>The model saw the same messages at both points.</p>
        ) : (
          <ul aria-label="Differences">
            {diff.value.map((line) => (
              <li key={line.messageId} class={`change-${line.change}`}>
                <strong>{CHANGE_LABELS[line.change]}</strong>: {line.messageId}{' '}
                <span class="muted">({line.semanticType})</span>
                {line.boundaryId !== undefined && ` by ${line.boundaryId}`}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
