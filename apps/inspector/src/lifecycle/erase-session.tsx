import type { SessionSummary } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { can, describeError, useConnection } from '../auth';
import { formatCount } from '../format';
import { navigate } from '../router';

type Step =
  | { status: 'closed' }
  | { status: 'confirm'; typed: string }
  | { status: 'working' }
  | { status: 'error'; message: string };

/**
 * "Erase session…": a confirmation that lists what goes (every message's content, the transcript,
 * debug view, export, search entries, analytics, the session's place in the list) and what stays
 * (the erasure receipt), and asks for the session id typed out. Only for a key with `erase`.
 */
export function EraseSession({
  sessionId,
  summary,
}: {
  sessionId: string;
  summary: SessionSummary | undefined;
}) {
  const connection = useConnection();
  const [step, setStep] = useState<Step>({ status: 'closed' });
  if (!can(connection, 'erase')) return null;

  const erase = async (): Promise<void> => {
    setStep({ status: 'working' });
    try {
      const receipt = await connection.client.eraseSession(sessionId);
      navigate({ page: 'sessions', erased: receipt.erasureId });
    } catch (error) {
      setStep({ status: 'error', message: describeError(connection, error) });
    }
  };

  if (step.status === 'closed') {
    return (
      <button
        type="button"
        class="danger"
        onClick={() => setStep({ status: 'confirm', typed: '' })}
      >
        Erase session…
      </button>
    );
  }
  return (
    <section class="erase-confirm" role="dialog" aria-labelledby="erase-heading">
      <h2 id="erase-heading">Erase session {sessionId}?</h2>
      <p>This cannot be undone. What goes:</p>
      <ul aria-label="What the erasure removes">
        <li>
          the content of its {summary === undefined ? '' : `${formatCount(summary.messageCount)} `}
          messages
          {summary === undefined ? '' : ` (${kindsOf(summary)})`}: texts, reasoning, tool inputs and
          outputs, attachments, summaries and notes
        </li>
        <li>its transcript, debug view, exports and model context</li>
        <li>its entries in search and analytics, and its row in the session list</li>
        <li>its log, decider snapshot and content keys</li>
      </ul>
      <p>
        What stays: an erasure receipt (who, when, which session, counts and digests, never
        content).
        {summary?.subjectId === undefined
          ? ''
          : ` Other sessions of subject ${summary.subjectId} (its forks among them) stay: erase them all with POST /v1/erasures.`}
      </p>
      {(step.status === 'confirm' || step.status === 'error') && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (step.status === 'confirm' && step.typed === sessionId) void erase();
          }}
        >
          <label>
            Type the session id to confirm
            <input
              value={step.status === 'confirm' ? step.typed : ''}
              onInput={(event) => setStep({ status: 'confirm', typed: event.currentTarget.value })}
            />
          </label>{' '}
          <button
            type="submit"
            class="danger"
            disabled={step.status !== 'confirm' || step.typed !== sessionId}
          >
            Erase for good
          </button>{' '}
          <button type="button" onClick={() => setStep({ status: 'closed' })}>
            Cancel
          </button>
        </form>
      )}
      {step.status === 'working' && <p role="status">Erasing…</p>}
      {step.status === 'error' && (
        <p role="alert" class="error">
          {step.message}
        </p>
      )}
    </section>
  );
}

function kindsOf(summary: SessionSummary): string {
  return Object.entries(summary.messageCounts)
    .map(([kind, count]) => `${formatCount(count ?? 0)} ${kind.replace(/_/g, ' ')}`)
    .join(', ');
}
