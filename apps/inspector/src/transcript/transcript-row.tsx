import type { TranscriptEntry } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { describeError, useConnection } from '../auth';
import { clip, formatTime } from '../format';
import { contentText, outputText, stringOr } from '../model/content-text';
import type { ToolPairs } from '../model/pair-tool-calls';
import { BranchActions } from '../lifecycle/branch-actions';

/** Characters of a message shown before "Show all". */
const PREVIEW_CHARS = 600;

interface RowProps {
  sessionId: string;
  entry: TranscriptEntry;
  pairs: ToolPairs;
  /** Messages the compaction marker covers (since the previous boundary). */
  covered: number | undefined;
  selected: boolean;
  onSelect: (messageId: string) => void;
  /** The session was rewound from this row: load the transcript again. */
  onRewound: () => void;
}

/** One transcript entry, drawn by kind. Clicking it selects it for the Why panel. */
export function TranscriptRow(props: RowProps) {
  const { entry } = props;
  const agent = entry.agentName ?? agentOf(entry);
  return (
    <article
      class={`entry kind-${entry.kind}${props.selected ? ' selected' : ''}${entry.rewound === true ? ' rewound' : ''}`}
      aria-label={`${entry.kind} ${entry.id}${entry.rewound === true ? ' (rewound)' : ''}`}
      aria-current={props.selected ? 'true' : undefined}
    >
      <header>
        <button type="button" class="entry-select" onClick={() => props.onSelect(entry.id)}>
          <span class="kind">{entry.kind.replace(/_/g, ' ')}</span>{' '}
          <span class="id">{entry.id}</span>
        </button>
        {agent !== undefined && <span class="agent">{agent}</span>}
        <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        {entry.rewound === true ? (
          <span class="badge rewound-badge">abandoned branch (rewound)</span>
        ) : (
          props.selected && (
            <BranchActions sessionId={props.sessionId} entry={entry} onRewound={props.onRewound} />
          )
        )}
      </header>
      <EntryBody {...props} />
    </article>
  );
}

function EntryBody({ sessionId, entry, pairs, covered }: RowProps) {
  switch (entry.kind) {
    case 'assistant_reasoning':
      return (
        <details class="reasoning">
          <summary>Reasoning</summary>
          <Text text={contentText(entry.content)} />
        </details>
      );
    case 'tool_call':
      return <ToolCalls entry={entry} pairs={pairs} />;
    case 'tool_result':
      return <ToolResult sessionId={sessionId} entry={entry} pairs={pairs} />;
    case 'compact_boundary':
      return <CompactionMarker entry={entry} covered={covered} />;
    case 'agent_switch_note': {
      const content = record(entry.content);
      return (
        <p class="switch">
          Agent switch: <strong>{String(content['fromAgent'])}</strong> →{' '}
          <strong>{String(content['toAgent'])}</strong>
          {typeof content['reason'] === 'string' && ` (${content['reason']})`}
        </p>
      );
    }
    case 'tool_approval_request':
    case 'tool_approval_response':
      return <Approvals entry={entry} pairs={pairs} />;
    case 'handoff_summary':
      return (
        <div class="handoff">
          <p class="muted">Hand-off summary (what the next agent reads)</p>
          <Text text={contentText(entry.content)} />
        </div>
      );
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'runtime_reminder':
    case 'compact_summary':
      return <Text text={contentText(entry.content)} />;
    default: {
      const unreachable: never = entry.kind;
      return <Text text={`${String(unreachable)}: ${JSON.stringify(entry.content)}`} />;
    }
  }
}

function Text({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  if (text.length <= PREVIEW_CHARS || all) return <pre class="text">{text}</pre>;
  return (
    <>
      <pre class="text">{clip(text, PREVIEW_CHARS)}</pre>
      <button type="button" class="link" onClick={() => setAll(true)}>
        Show all {text.length.toLocaleString('en-US')} characters
      </button>
    </>
  );
}

function ToolCalls({ entry, pairs }: { entry: TranscriptEntry; pairs: ToolPairs }) {
  return (
    <ul class="tool-calls">
      {parts(entry.content).map((part, index) => {
        const toolCallId = String(part['toolCallId']);
        const resultId = pairs.resultOf.get(toolCallId);
        return (
          <li key={index}>
            <code>
              {String(part['toolName'])}({clip(JSON.stringify(part['input'] ?? {}), 300)})
            </code>{' '}
            <span class="muted">
              {toolCallId} · {resultId === undefined ? 'no result yet' : `result in ${resultId}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ToolResult({
  sessionId,
  entry,
  pairs,
}: {
  sessionId: string;
  entry: TranscriptEntry;
  pairs: ToolPairs;
}) {
  const connection = useConnection();
  const [original, setOriginal] = useState<
    | { status: 'stub' }
    | { status: 'loading' }
    | { status: 'shown'; entry: TranscriptEntry }
    | { status: 'error'; message: string }
  >({ status: 'stub' });
  const pruned = entry.compactedAt !== undefined || entry.metadata?.['compacted'] === true;
  const results = parts(entry.content);
  const heading = results.map((part) => {
    const toolCallId = String(part['toolCallId']);
    const call = pairs.callOf.get(toolCallId);
    const error =
      record(part['output'])['type'] === 'error-text' ||
      record(part['output'])['type'] === 'error-json';
    return (
      <span key={toolCallId} class={error ? 'error-text' : undefined}>
        Result of <code>{call?.toolName ?? stringOr(part['toolName'], 'tool')}</code> ({toolCallId}
        {call === undefined ? '' : `, called in ${call.messageId}`}){error ? ' · error' : ''}{' '}
      </span>
    );
  });
  if (!pruned) {
    return (
      <div>
        <p class="muted">{heading}</p>
        <Text text={results.map((part) => outputText(part['output'])).join('\n')} />
      </div>
    );
  }
  const expand = async (): Promise<void> => {
    setOriginal({ status: 'loading' });
    try {
      setOriginal({
        status: 'shown',
        entry: await connection.client.transcriptEntry(sessionId, entry.id),
      });
    } catch (error) {
      setOriginal({ status: 'error', message: describeError(connection, error) });
    }
  };
  return (
    <div class="pruned">
      <p class="muted">{heading}</p>
      <p class="stub">
        Pruned {entry.compactedAt === undefined ? '' : `at ${formatTime(entry.compactedAt)} `}— the
        model sees a stub instead of this output.
      </p>
      {original.status === 'stub' && (
        <button type="button" onClick={() => void expand()}>
          Show original
        </button>
      )}
      {original.status === 'loading' && <p role="status">Loading the original…</p>}
      {original.status === 'error' && (
        <p role="alert" class="error">
          {original.message}
        </p>
      )}
      {original.status === 'shown' && (
        <div class="original" aria-label="Original tool output">
          <Text
            text={parts(original.entry.content)
              .map((part) => outputText(part['output']))
              .join('\n')}
          />
          <button type="button" class="link" onClick={() => setOriginal({ status: 'stub' })}>
            Hide original
          </button>
        </div>
      )}
    </div>
  );
}

function CompactionMarker({
  entry,
  covered,
}: {
  entry: TranscriptEntry;
  covered: number | undefined;
}) {
  const content = record(entry.content);
  const tokens = typeof content['tokensBefore'] === 'number' ? content['tokensBefore'] : undefined;
  return (
    <p class="compaction">
      Compaction ({stringOr(content['trigger'], 'manual')}
      {tokens === undefined ? '' : `, ${tokens.toLocaleString('en-US')} tokens before`}): the
      model’s context starts here, with the summary, for the {covered ?? 0} message
      {covered === 1 ? '' : 's'} before it
      {typeof content['retainFromMessageId'] === 'string' &&
        `; turns from ${content['retainFromMessageId']} are kept verbatim`}
      .
    </p>
  );
}

function Approvals({ entry, pairs }: { entry: TranscriptEntry; pairs: ToolPairs }) {
  return (
    <ul class="approvals">
      {parts(entry.content).map((part, index) => {
        const call =
          typeof part['toolCallId'] === 'string' ? pairs.callOf.get(part['toolCallId']) : undefined;
        if (part['type'] === 'tool-approval-request') {
          return (
            <li key={index}>
              Approval requested ({String(part['approvalId'])}) to run{' '}
              <code>{call?.toolName ?? String(part['toolCallId'])}</code>
              {call === undefined ? '' : ` from ${call.messageId}`}
            </li>
          );
        }
        return (
          <li key={index} class={part['approved'] === true ? 'approved' : 'denied'}>
            {part['approved'] === true ? 'Approved' : 'Denied'} ({String(part['approvalId'])})
            {typeof part['reason'] === 'string' && `: ${part['reason']}`}
          </li>
        );
      })}
    </ul>
  );
}

function parts(content: unknown): Array<Record<string, unknown>> {
  return Array.isArray(content)
    ? content.filter(
        (part): part is Record<string, unknown> => typeof part === 'object' && part !== null,
      )
    : [];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function agentOf(entry: TranscriptEntry): string | undefined {
  const agent = entry.metadata?.['agentName'];
  return typeof agent === 'string' ? agent : undefined;
}
