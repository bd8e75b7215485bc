import type { ProviderCompactionEntry, TranscriptEntry } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { describeError, useConnection } from '../auth';
import { clip, formatTime } from '../format';
import type { TreeRow } from '../model/call-tree';
import { contentText, outputText, stringOr } from '../model/content-text';
import { BlobOutput, blobOutputRef, blobRefOf } from './blob-output';
import type { ToolPairs } from '../model/pair-tool-calls';
import { BranchActions } from '../lifecycle/branch-actions';
import { ShortId } from '../short-id';

/** Characters of a message shown before "Show all". */
const PREVIEW_CHARS = 600;

/** What a person calls each kind. */
const KIND_LABELS: Record<TranscriptEntry['kind'], string> = {
  system_note: 'System',
  user_input: 'User',
  assistant_text: 'Assistant',
  assistant_reasoning: 'Reasoning',
  tool_call: 'Tool call',
  tool_result: 'Tool result',
  tool_approval_request: 'Approval asked',
  tool_approval_response: 'Approval',
  compact_boundary: 'Compaction',
  compact_summary: 'Summary',
  runtime_reminder: 'Reminder',
  handoff_summary: 'Hand-off',
  agent_switch_note: 'Agent switch',
};

interface RowProps {
  sessionId: string;
  row: Extract<TreeRow, { type: 'message' }>;
  pairs: ToolPairs;
  /** Messages the compaction marker covers (since the previous boundary). */
  covered: number | undefined;
  selectedId: string | undefined;
  /** Revision of each message, where known (for the results of a call at a time-travel point). */
  revisions: ReadonlyMap<string, number> | undefined;
  atRevision: number | undefined;
  onSelect: (messageId: string) => void;
  /** The session was rewound from this row: load the transcript again. */
  onRewound: () => void;
}

/** Clicks on these inside a row do their own thing; anywhere else the click selects the row. */
const OWN_CLICKS = 'button, a, input, select, textarea, summary, label, .branch-step, .tool-result';

/**
 * One message of the tree, drawn by kind: a user input opens its turn, a tool call carries its
 * results as one item. A click anywhere on it (not on its own buttons and links, nor while text
 * is selected) selects it for the Why panel; its header button does the same from the keyboard.
 */
export function TranscriptRow(props: RowProps) {
  const { entry, depth, turn, later } = props.row;
  const selected = props.selectedId === entry.id;
  const agent = entry.agentName ?? agentOf(entry);
  return (
    <article
      class={`entry kind-${entry.providerCompaction === undefined ? entry.kind : 'provider_compaction'}${selected ? ' selected' : ''}${entry.rewound === true ? ' rewound' : ''}${later ? ' later' : ''}${turn === undefined ? '' : ' turn-head'}`}
      style={{ '--depth': String(depth) }}
      aria-label={`${entry.kind} ${entry.id}${entry.rewound === true ? ' (rewound)' : ''}`}
      aria-current={selected ? 'true' : undefined}
      onClick={(event) => {
        if ((event.target as Element).closest(OWN_CLICKS) !== null) return;
        if ((window.getSelection()?.toString() ?? '') !== '') return;
        props.onSelect(entry.id);
      }}
    >
      <header>
        {turn !== undefined && <span class="turn-number">Turn {turn}</span>}
        <button
          type="button"
          class="entry-select kind-chip"
          aria-label={`Select ${entry.kind.replace(/_/g, ' ')} ${entry.id}`}
          onClick={() => props.onSelect(entry.id)}
        >
          {entry.providerCompaction === undefined
            ? (KIND_LABELS[entry.kind] ?? entry.kind)
            : 'Provider compaction'}
        </button>
        {entry.repeatsMessageId !== undefined && (
          <span class="badge">copy kept by a provider compaction</span>
        )}
        <ShortId id={entry.id} />
        {agent !== undefined && <span class="agent">{agent}</span>}
        <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        {later && <span class="badge later-badge">recorded later</span>}
        {entry.rewound === true ? (
          <span class="badge rewound-badge">abandoned branch (rewound)</span>
        ) : (
          selected && (
            <BranchActions sessionId={props.sessionId} entry={entry} onRewound={props.onRewound} />
          )
        )}
      </header>
      <EntryBody {...props} />
    </article>
  );
}

function EntryBody(props: RowProps) {
  const { sessionId, pairs, covered } = props;
  const { entry } = props.row;
  switch (entry.kind) {
    case 'assistant_reasoning':
      return (
        <details class="reasoning">
          <summary>{clip(contentText(entry.content).split('\n')[0] ?? '', 120)}</summary>
          <TextWithBlobs sessionId={sessionId} content={entry.content} />
        </details>
      );
    case 'tool_call':
      return <ToolCalls {...props} />;
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
    case 'assistant_text':
      if (entry.providerCompaction !== undefined) {
        return <ProviderCompactionMarker compaction={entry.providerCompaction} covered={covered} />;
      }
      return <TextWithBlobs sessionId={sessionId} content={entry.content} />;
    case 'user_input':
      return <TextWithBlobs sessionId={sessionId} content={entry.content} />;
    case 'system_note':
    case 'runtime_reminder':
    case 'compact_summary':
      return <Text text={contentText(entry.content)} />;
    default: {
      const unreachable: never = entry.kind;
      return <Text text={`${String(unreachable)}: ${JSON.stringify(entry.content)}`} />;
    }
  }
}

/**
 * A message's text; a long text kept as a blob shows its preview and loads on demand, as a big
 * tool output does (`BlobOutput`).
 */
function TextWithBlobs({ sessionId, content }: { sessionId: string; content: unknown }) {
  const blobs = parts(content).map((part) => blobRefOf(part['blob']));
  if (blobs.every((blob) => blob === undefined)) return <Text text={contentText(content)} />;
  return (
    <>
      {parts(content).map((part, index) => {
        const blob = blobs[index];
        return blob === undefined ? (
          <Text key={index} text={contentText([part])} />
        ) : (
          <BlobOutput key={index} sessionId={sessionId} blob={blob} noun="text" />
        );
      })}
    </>
  );
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

function ToolCalls(props: RowProps) {
  const { entry, results } = props.row;
  const shown = new Set<string>();
  return (
    <ul class="tool-calls">
      {parts(entry.content).map((part, index) => {
        const toolCallId = String(part['toolCallId']);
        const result = results.find((candidate) =>
          parts(candidate.content).some((resultPart) => resultPart['toolCallId'] === toolCallId),
        );
        const first = result !== undefined && !shown.has(result.id);
        if (result !== undefined) shown.add(result.id);
        const resultRevision = result === undefined ? undefined : props.revisions?.get(result.id);
        const resultLater =
          props.atRevision !== undefined &&
          resultRevision !== undefined &&
          resultRevision > props.atRevision;
        return (
          <li key={index} class="tool-item">
            <div class="tool-invocation">
              <code class="tool-name">{String(part['toolName'])}</code>
              <code class="tool-input">{clip(JSON.stringify(part['input'] ?? {}), 300)}</code>
            </div>
            {parts(part['inputBlobs']).map((inputBlob, blobIndex) => {
              const blob = blobRefOf(inputBlob['blob']);
              const path = Array.isArray(inputBlob['path']) ? inputBlob['path'].join('.') : '';
              return blob === undefined ? null : (
                <div key={blobIndex} class="tool-input-blob">
                  <p class="muted">
                    Input <code>{path === '' ? '(whole input)' : path}</code>, kept as a blob
                  </p>
                  <BlobOutput sessionId={props.sessionId} blob={blob} noun="input value" />
                </div>
              );
            })}
            {result === undefined && (
              <p class="muted waiting">
                {props.pairs.resultOf.has(toolCallId) ? 'Result below' : 'No result yet'} ·{' '}
                <ShortId id={toolCallId} />
              </p>
            )}
            {first && (
              <article
                class={`tool-result${props.selectedId === result.id ? ' selected' : ''}${resultLater ? ' later' : ''}`}
                aria-label={`tool_result ${result.id}`}
                aria-current={props.selectedId === result.id ? 'true' : undefined}
                onClick={(event) => {
                  if ((event.target as Element).closest('button, a, summary') !== null) return;
                  if ((window.getSelection()?.toString() ?? '') !== '') return;
                  props.onSelect(result.id);
                }}
              >
                <ToolResult sessionId={props.sessionId} entry={result} pairs={props.pairs} paired />
                {resultLater && <span class="badge later-badge">result recorded later</span>}
              </article>
            )}
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
  paired = false,
}: {
  sessionId: string;
  entry: TranscriptEntry;
  pairs: ToolPairs;
  /** Shown inside its call's item: the heading says result or error, not the call again. */
  paired?: boolean;
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
    const outputType = record(part['output'])['type'];
    const error =
      outputType === 'error-text' ||
      outputType === 'error-json' ||
      outputType === 'execution-denied';
    if (paired) {
      return (
        <span key={toolCallId} class={`result-status${error ? ' error-text' : ''}`}>
          <span aria-hidden="true">{error ? '✕' : '↳'}</span> {error ? 'Error' : 'Result'}{' '}
          <ShortId id={entry.id} />{' '}
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        </span>
      );
    }
    return (
      <span key={toolCallId} class={error ? 'error-text' : undefined}>
        Result of <code>{call?.toolName ?? stringOr(part['toolName'], 'tool')}</code> (
        <ShortId id={toolCallId} />
        {call === undefined ? '' : `, called in ${call.messageId}`}){error ? ' · error' : ''}{' '}
      </span>
    );
  });
  if (!pruned) {
    return (
      <div>
        <p class="result-heading">{heading}</p>
        {results.some((part) => blobOutputRef(part['output']) !== undefined) ? (
          results.map((part) => {
            const blob = blobOutputRef(part['output']);
            return blob === undefined ? (
              <Text key={String(part['toolCallId'])} text={outputText(part['output'])} />
            ) : (
              <BlobOutput key={String(part['toolCallId'])} sessionId={sessionId} blob={blob} />
            );
          })
        ) : (
          <Text text={results.map((part) => outputText(part['output'])).join('\n')} />
        )}
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
      <p class="result-heading">{heading}</p>
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

/** Who can read each family's artifact, as a person says it. */
const FAMILY_NAMES: Record<ProviderCompactionEntry['family'], string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
};

/**
 * A provider's compaction artifact: which provider made it, what it stands for and for whom. It
 * is not an answer: for its own provider it replaces the messages before it; every other provider
 * is sent those messages (or the block's readable summary).
 */
function ProviderCompactionMarker({
  compaction,
  covered,
}: {
  compaction: ProviderCompactionEntry;
  covered: number | undefined;
}) {
  const family = FAMILY_NAMES[compaction.family];
  const what =
    compaction.artifact === 'openai-compaction-item'
      ? 'an encrypted compaction item only OpenAI can read'
      : 'a compaction block';
  return (
    <div class="compaction provider-compaction">
      <p>
        Provider compaction by {family} ({what}): {family} is sent it instead of the {covered ?? 0}{' '}
        message{covered === 1 ? '' : 's'} before it; other providers are sent{' '}
        {compaction.summary === undefined ? 'those messages' : 'its summary'}.
      </p>
      {compaction.summary !== undefined && <Text text={compaction.summary} />}
    </div>
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
