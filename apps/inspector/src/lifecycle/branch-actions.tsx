import type { TranscriptEntry } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { can, describeError, useConnection } from '../auth';
import { navigate } from '../router';

type Step =
  | { status: 'closed' }
  | { status: 'fork'; newSessionId: string }
  | { status: 'rewind' }
  | { status: 'working' }
  | { status: 'done'; text: string }
  | { status: 'error'; message: string };

/**
 * "Branch from here" on a transcript entry: fork a new session whose model context is this
 * session's at the message, or rewind this session to the message (what came after it stays in
 * the transcript as an abandoned branch). Only for a key that may write.
 */
export function BranchActions({
  sessionId,
  entry,
  onRewound,
}: {
  sessionId: string;
  entry: TranscriptEntry;
  onRewound: () => void;
}) {
  const connection = useConnection();
  const [step, setStep] = useState<Step>({ status: 'closed' });
  if (!can(connection, 'write') || entry.rewound === true) return null;

  const fork = async (newSessionId: string): Promise<void> => {
    setStep({ status: 'working' });
    try {
      const fork = await connection.client.fork(sessionId, {
        sessionId: newSessionId,
        atMessageId: entry.id,
      });
      navigate({ page: 'session', sessionId: fork.sessionId });
    } catch (error) {
      setStep({ status: 'error', message: describeError(connection, error) });
    }
  };
  const rewind = async (): Promise<void> => {
    setStep({ status: 'working' });
    try {
      const result = await connection.client.rewind(sessionId, { toMessageId: entry.id });
      const count = result.rewoundMessageIds.length;
      setStep({
        status: 'done',
        text: `Rewound to ${entry.id}: ${count} message${count === 1 ? '' : 's'} now on an abandoned branch.`,
      });
      onRewound();
    } catch (error) {
      setStep({ status: 'error', message: describeError(connection, error) });
    }
  };

  if (step.status === 'closed') {
    return (
      <span class="branch-actions">
        <button
          type="button"
          class="small"
          onClick={() => setStep({ status: 'fork', newSessionId: `${sessionId}-fork` })}
        >
          Fork from here
        </button>
        <button type="button" class="small" onClick={() => setStep({ status: 'rewind' })}>
          Rewind to here
        </button>
      </span>
    );
  }
  return (
    <div class="branch-step" role="group" aria-label={`Branch from ${entry.id}`}>
      {step.status === 'fork' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const id = step.newSessionId.trim();
            if (id !== '') void fork(id);
          }}
        >
          <label>
            New session id
            <input
              value={step.newSessionId}
              onInput={(event) =>
                setStep({ status: 'fork', newSessionId: event.currentTarget.value })
              }
            />
          </label>{' '}
          <button type="submit">Fork</button>{' '}
          <button type="button" onClick={() => setStep({ status: 'closed' })}>
            Cancel
          </button>
          <p class="muted">
            The new session starts with the model context this session had at {entry.id}; this
            session is not changed.
          </p>
        </form>
      )}
      {step.status === 'rewind' && (
        <>
          <p>
            Rewind this session to {entry.id}? Everything recorded after it leaves the model’s
            context (compactions, prunings and approvals too). It stays in the transcript, marked as
            an abandoned branch.
          </p>
          <button type="button" onClick={() => void rewind()}>
            Rewind
          </button>{' '}
          <button type="button" onClick={() => setStep({ status: 'closed' })}>
            Cancel
          </button>
        </>
      )}
      {step.status === 'working' && <p role="status">Working…</p>}
      {step.status === 'done' && <p role="status">{step.text}</p>}
      {step.status === 'error' && (
        <p role="alert" class="error">
          {step.message}{' '}
          <button type="button" class="link" onClick={() => setStep({ status: 'closed' })}>
            Close
          </button>
        </p>
      )}
    </div>
  );
}
