import type { DebugEntry, SessionRepair } from '@agent-ledger/client';
import { can, useConnection } from '../auth';
import { useTimeline } from '../time-travel/use-timeline';
import { explainAtPoint, type Explanation } from '../model/explain-at-point';
import { readModelViewMessage } from '../model/model-view-message';
import { Pending, useAsync } from '../use-async';

/**
 * For the selected message: what the model view does with it now (the debug view's outcome and
 * reason), and, at a time-travel point, whether the model saw it then and why not.
 */
export function WhyPanel(props: {
  sessionId: string;
  messageId: string | undefined;
  revision: number | undefined;
}) {
  if (props.messageId === undefined) {
    return (
      <div class="panel" role="region" tabIndex={0} aria-label="Why">
        <h2>Why</h2>
        <p>Select a message in the transcript to see whether the model saw it, and why not.</p>
      </div>
    );
  }
  return <WhyOfMessage {...props} messageId={props.messageId} />;
}

function WhyOfMessage(props: {
  sessionId: string;
  messageId: string;
  revision: number | undefined;
}) {
  const connection = useConnection();
  const { client } = connection;
  // The debug view, page by page until the message (and the repairs normalization made near it).
  const debug = useAsync(async () => {
    const repairs: SessionRepair[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await client.debugPage(props.sessionId, {
        limit: 1000,
        ...(cursor === undefined ? {} : { cursor }),
      });
      if (cursor === undefined)
        repairs.push(...page.repairs.filter((repair) => names(repair, props.messageId)));
      const entry = page.messages.find((message) => message.id === props.messageId);
      if (entry !== undefined) return { entry, repairs };
      if (page.nextCursor === null) return { entry: undefined, repairs };
      cursor = page.nextCursor;
    }
  }, [client, props.sessionId, props.messageId]);
  const timeline = useTimeline(client, props.sessionId, -1, can(connection, 'audit'));
  const past = useAsync(async () => {
    if (props.revision === undefined) return undefined;
    const context = await client.modelContext<unknown>(props.sessionId, {
      atRevision: props.revision,
    });
    return {
      context,
      messages: context.messages
        .map(readModelViewMessage)
        .filter((message) => message !== undefined),
    };
  }, [client, props.sessionId, props.revision]);
  const explanation =
    past.status === 'done' && past.value !== undefined && timeline.status !== 'loading'
      ? explainAtPoint(
          props.messageId,
          timeline.status === 'done'
            ? timeline.value.messageRevisions.get(props.messageId)
            : undefined,
          {
            revision: past.value.context.revision,
            messages: past.value.messages,
            hiddenMessageIds: past.value.context.diagnostics.hiddenMessageIds,
            compactBoundaryId: past.value.context.diagnostics.window.compactBoundaryId,
          },
        )
      : undefined;

  return (
    <div class="panel" role="region" tabIndex={0} aria-label="Why">
      <h2>
        Why: <span class="id">{props.messageId}</span>
      </h2>
      <h3>Now (latest revision)</h3>
      <Pending state={debug} what="the debug view" />
      {debug.status === 'done' &&
        (debug.value.entry === undefined ? (
          <p>The debug view has no such message.</p>
        ) : (
          <Outcome entry={debug.value.entry} repairs={debug.value.repairs} />
        ))}
      {props.revision !== undefined && (
        <>
          <h3>At revision {props.revision}</h3>
          <Pending state={past} what="the model context then" />
          {explanation !== undefined && <PastOutcome explanation={explanation} />}
        </>
      )}
    </div>
  );
}

/** The debug view's outcome in words. */
function Outcome({ entry, repairs }: { entry: DebugEntry; repairs: SessionRepair[] }) {
  const model = entry.model as Record<string, unknown>;
  const lines: string[] = [];
  if (model['status'] === 'shown') {
    lines.push(`The model sees it, as message ${String(model['modelIndex'])} of the context.`);
    const compacted = model['compacted'] as Record<string, unknown> | undefined;
    if (compacted !== undefined) {
      lines.push(
        `Truncated to the stub: ${stubCause(String(compacted['cause']))}${
          typeof compacted['compactedAt'] === 'string'
            ? ` (pruned at ${compacted['compactedAt']})`
            : ''
        }.`,
      );
    }
    const truncated = model['truncated'] as Record<string, unknown> | undefined;
    if (truncated !== undefined) {
      lines.push(
        `Truncated from ${String(truncated['originalLength'])} to ${String(truncated['keptLength'])} characters.`,
      );
    }
    if (model['movedToStart'] === true)
      lines.push('Moved to the start of the context (the applied summary).');
    if (model['carriedOver'] === true) lines.push('A system note carried over the compaction.');
    if (model['injected'] === true) lines.push('Injected by policy (a runtime reminder).');
    const omitted = model['omittedAttachments'];
    if (Array.isArray(omitted) && omitted.length > 0)
      lines.push(`Attachments the provider cannot take became text hints: ${omitted.join(', ')}.`);
    const dropped = model['droppedParts'];
    if (Array.isArray(dropped) && dropped.length > 0)
      lines.push(`Parts dropped (their partner is not in the view): ${dropped.join(', ')}.`);
  } else {
    lines.push(`The model does not see it: ${hiddenReason(String(model['reason']))}.`);
  }
  for (const repair of repairs)
    lines.push(`Repaired (${repair.type}, revision ${repair.revision}): ${repair.detail}`);
  if (entry.compactScopeBoundaryId !== undefined)
    lines.push(`In the scope of compaction ${entry.compactScopeBoundaryId}.`);
  return (
    <ul class="why-lines" aria-label="What the model sees now">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function PastOutcome({ explanation }: { explanation: Explanation }) {
  let text: string;
  switch (explanation.status) {
    case 'not-yet-recorded':
      text = `Not recorded yet: it was recorded at revision ${explanation.recordedAt}.`;
      break;
    case 'shown':
      text = `The model saw it, as message ${explanation.modelIndex}${explanation.stubbed ? ', truncated to the stub (pruned)' : ''}${
        explanation.truncated ? ', truncated' : ''
      }.`;
      break;
    case 'hidden':
      text = `The model did not see it: ${explanation.detail}.`;
      break;
    case 'behind-boundary':
      text = `The model did not see it: behind compact boundary ${explanation.boundaryId} (the summary stood for it).`;
      break;
    case 'outside-window':
      text = `Not in the model’s context at this point: recorded later${
        explanation.boundaryId === undefined
          ? ''
          : `, or behind compact boundary ${explanation.boundaryId}`
      } (the raw events, with the audit scope, tell which).`;
      break;
    default: {
      const unreachable: never = explanation;
      text = String(unreachable);
    }
  }
  return <p aria-label="What the model saw then">{text}</p>;
}

function stubCause(cause: string): string {
  if (cause === 'compacted') return 'the runtime pruned this tool result';
  if (cause === 'tool-results-excluded')
    return 'every tool result is excluded (includeToolResults=false)';
  if (cause === 'older-than-recent-turns')
    return 'longer than the soft limit and older than the recent turns';
  return cause;
}

function hiddenReason(reason: string): string {
  if (reason.startsWith('before-compact-boundary:'))
    return `behind compact boundary ${reason.slice('before-compact-boundary:'.length)}`;
  if (reason.startsWith('summary-for-unapplied-boundary:'))
    return `the summary of boundary ${reason.slice(31)}, which is not applied`;
  const known: Record<string, string> = {
    'not-eligible': 'this kind never goes to the model',
    'compact-boundary': 'a compact boundary is a marker, never sent',
    'summary-superseded': 'a later summary replaced it',
    'reminder-not-injected': 'runtime reminders are not injected',
    'reasoning-excluded': 'reasoning is excluded here',
    'agent-switch-note': 'agent switch notes are for people',
    'dangling-tool-call': 'a tool call without a result',
    'dangling-tool-result': 'a tool result without its call',
    'system-note-repeated': 'the same system note is already in the context',
    'system-note-not-carried': 'a system note that does not carry over the compaction',
    'reasoning-of-other-agent': 'reasoning of another agent',
  };
  return known[reason] ?? reason;
}

/** Whether a repair concerns the message (as itself, its call, its result or its synthetic stand-in). */
function names(repair: SessionRepair, messageId: string): boolean {
  return [
    repair.messageId,
    repair.callMessageId,
    repair.resultMessageId,
    repair.syntheticMessageId,
  ].includes(messageId);
}
