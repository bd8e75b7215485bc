import type {
  ProviderContextChangeEntry,
  SessionRepair,
  TranscriptEntry,
} from '@agent-ledger/client';
import { useConnection } from '../auth';
import { explainAtPoint, type Explanation } from '../model/explain-at-point';
import { readModelViewMessage } from '../model/model-view-message';
import type { SessionTimeline } from '../model/session-timeline';
import { whyReasons } from '../model/why-reasons';
import { ShortId } from '../short-id';
import { Pending, useAsync, type Async } from '../use-async';

/**
 * For the selected message: what the model view does with it now (the debug view's outcome and
 * reason), and, at a time-travel point, whether the model saw it then and why not.
 */
export function WhyPanel(props: {
  sessionId: string;
  messageId: string | undefined;
  /** The message's transcript entry, when loaded (its pruning, its branch). */
  entry: TranscriptEntry | undefined;
  revision: number | undefined;
  timeline: Async<SessionTimeline>;
}) {
  if (props.messageId === undefined) {
    return (
      <div class="panel" role="region" tabIndex={0} aria-label="Why">
        <h2>Why</h2>
        <p class="empty-state">
          Select a message in the transcript (click anywhere on it) to see whether the model sees
          it, and every reason why not.
        </p>
      </div>
    );
  }
  return <WhyOfMessage {...props} messageId={props.messageId} />;
}

function WhyOfMessage(props: {
  sessionId: string;
  messageId: string;
  entry: TranscriptEntry | undefined;
  revision: number | undefined;
  timeline: Async<SessionTimeline>;
}) {
  const connection = useConnection();
  const { client } = connection;
  // The debug view, page by page until the message (and the repairs normalization made near it).
  const debug = useAsync(async () => {
    const repairs: SessionRepair[] = [];
    const providerChanges: ProviderContextChangeEntry[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await client.debugPage(props.sessionId, {
        limit: 1000,
        ...(cursor === undefined ? {} : { cursor }),
      });
      if (cursor === undefined) {
        repairs.push(...page.repairs.filter((repair) => names(repair, props.messageId)));
        providerChanges.push(...(page.providerChanges ?? []));
      }
      const entry = page.messages.find((message) => message.id === props.messageId);
      if (entry !== undefined) return { entry, repairs, providerChanges };
      if (page.nextCursor === null) return { entry: undefined, repairs, providerChanges };
      cursor = page.nextCursor;
    }
  }, [client, props.sessionId, props.messageId]);
  const { timeline } = props;
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
        Why: <ShortId id={props.messageId} />
      </h2>
      <h3>Now (latest revision)</h3>
      <Pending state={debug} what="the debug view" />
      {debug.status === 'done' &&
        (debug.value.entry === undefined ? (
          <p>The debug view has no such message.</p>
        ) : (
          <ul class="why-lines" aria-label="What the model sees now">
            {whyReasons(
              debug.value.entry,
              props.entry,
              debug.value.repairs,
              debug.value.providerChanges,
            ).map((reason) => (
              <li key={reason.text} class={`reason reason-${reason.kind}`}>
                {reason.text}
              </li>
            ))}
          </ul>
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

function PastOutcome({ explanation }: { explanation: Explanation }) {
  let text: string;
  switch (explanation.status) {
    case 'not-yet-recorded':
      text = `Not recorded yet: it was recorded at revision ${explanation.recordedAt}.`;
      break;
    case 'shown':
      text = `The model saw it, as message ${explanation.modelIndex}${explanation.truncatedToStub ? ', truncated to the stub (pruned)' : ''}${
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

/** Whether a repair concerns the message (as itself, its call, its result or its synthetic stand-in). */
function names(repair: SessionRepair, messageId: string): boolean {
  return [
    repair.messageId,
    repair.callMessageId,
    repair.resultMessageId,
    repair.syntheticMessageId,
  ].includes(messageId);
}
