import type { SearchResult, SessionSummary } from '@agent-ledger/client';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { describeError, useConnection } from '../auth';
import { formatCount, formatTime } from '../format';
import { Link, navigate } from '../router';
import { Pending, useAsync } from '../use-async';

type StateFilter = 'all' | 'open' | 'ended';

/** The session list (newest activity first) with filters, and search across every session. */
export function SessionsPage({
  query,
  erased,
}: {
  query: string | undefined;
  erased?: string | undefined;
}) {
  const { client } = useConnection();
  const sessions = useAsync(async () => {
    const all: SessionSummary[] = [];
    for await (const session of client.sessions({ limit: 500 })) {
      all.push(session);
      if (all.length >= 5000) break;
    }
    return all;
  }, [client]);
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [compactedOnly, setCompactedOnly] = useState(false);

  const shown = useMemo(() => {
    if (sessions.status !== 'done') return [];
    const needle = text.trim().toLowerCase();
    return sessions.value.filter(
      (session) =>
        (state === 'all' || (state === 'ended') === session.ended) &&
        (!compactedOnly || session.compacted) &&
        (needle === '' ||
          session.sessionId.toLowerCase().includes(needle) ||
          session.agents.some((agent) => agent.toLowerCase().includes(needle))),
    );
  }, [sessions, text, state, compactedOnly]);

  return (
    <main id="main" class="page">
      <h1>Sessions</h1>
      {erased !== undefined && (
        <p role="status" class="notice">
          Session erased. Its receipt is {erased} (listed by <code>GET /v1/erasures</code> and{' '}
          <code>agent-ledger erasures</code>).
        </p>
      )}
      <SearchBox query={query} />
      <section aria-labelledby="list-heading">
        <h2 id="list-heading">All sessions</h2>
        <div class="filters" role="group" aria-label="Filters">
          <label>
            Session or agent
            <input
              type="search"
              value={text}
              onInput={(event) => setText(event.currentTarget.value)}
            />
          </label>
          <label>
            State
            <select
              value={state}
              onChange={(event) => setState(event.currentTarget.value as StateFilter)}
            >
              <option value="all">all</option>
              <option value="open">open</option>
              <option value="ended">ended</option>
            </select>
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={compactedOnly}
              onChange={(event) => setCompactedOnly(event.currentTarget.checked)}
            />
            compacted only
          </label>
        </div>
        <Pending state={sessions} what="sessions" />
        {sessions.status === 'done' && (
          <SessionTable sessions={shown} total={sessions.value.length} />
        )}
      </section>
    </main>
  );
}

function SessionTable({ sessions, total }: { sessions: SessionSummary[]; total: number }) {
  if (total === 0) return <p>No session yet. Append messages with the API and they show here.</p>;
  return (
    <table class="sessions">
      <caption>
        {sessions.length} of {total} sessions, newest activity first
      </caption>
      <thead>
        <tr>
          <th scope="col">Session</th>
          <th scope="col">Last activity</th>
          <th scope="col">State</th>
          <th scope="col">Agents</th>
          <th scope="col" class="number">
            Messages
          </th>
          <th scope="col" class="number">
            Compactions
          </th>
          <th scope="col" class="number">
            Prunings
          </th>
          <th scope="col" class="number">
            Tokens in / out
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr key={session.sessionId}>
            <th scope="row">
              <Link to={{ page: 'session', sessionId: session.sessionId }}>
                {session.sessionId}
              </Link>
              {session.forkedFrom !== undefined && (
                <span class="lineage">
                  {' '}
                  forked from{' '}
                  <Link to={{ page: 'session', sessionId: session.forkedFrom.sessionId }}>
                    {session.forkedFrom.sessionId}
                  </Link>{' '}
                  at revision {session.forkedFrom.revision}
                </span>
              )}
            </th>
            <td>{formatTime(session.lastActivityAt)}</td>
            <td>{session.ended ? 'ended' : 'open'}</td>
            <td>{session.agents.join(', ') || '–'}</td>
            <td class="number">{formatCount(session.messageCount)}</td>
            <td class="number">{formatCount(session.compactionCount)}</td>
            <td class="number">{formatCount(session.pruningCount)}</td>
            <td class="number">
              {formatCount(session.inputTokens)} / {formatCount(session.outputTokens)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The search view across sessions; a result opens its session at the message. */
function SearchBox({ query }: { query: string | undefined }) {
  const connection = useConnection();
  const [text, setText] = useState(query ?? '');
  const [results, setResults] = useState<
    | { status: 'idle' }
    | { status: 'done'; results: SearchResult[] }
    | { status: 'error'; message: string }
  >({ status: 'idle' });

  const run = async (q: string): Promise<void> => {
    try {
      const page = await connection.client.searchPage({ q, limit: 50 });
      setResults({ status: 'done', results: page.results });
    } catch (error) {
      setResults({ status: 'error', message: describeError(connection, error) });
    }
  };
  // Runs again only when the URL's query changes (a deep link, back and forward).
  useEffect(() => {
    if (query !== undefined) void run(query);
  }, [query]);

  return (
    <section aria-labelledby="search-heading" class="search">
      <h2 id="search-heading">Search every session</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const q = text.trim();
          if (q === '') return;
          navigate({ page: 'sessions', query: q }, { replace: true });
          void run(q);
        }}
      >
        <label for="search-input">Search messages</label>
        <input
          id="search-input"
          type="search"
          value={text}
          placeholder='words, "a phrase", tool:Read, kind:tool_result'
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <button type="submit">Search</button>
      </form>
      {results.status === 'error' && (
        <p class="error" role="alert">
          {results.message}
        </p>
      )}
      {results.status === 'done' && (
        <ol class="results" aria-label="Search results">
          {results.results.length === 0 && <li>No message matches.</li>}
          {results.results.map((result) => (
            <li key={`${result.sessionId} ${result.messageId}`}>
              <Link
                to={{ page: 'session', sessionId: result.sessionId, messageId: result.messageId }}
              >
                {result.sessionId} · {result.messageId}
              </Link>{' '}
              <span class="muted">
                {result.kind} · revision {result.revision} · {result.visibility}
              </span>
              <p class="snippet">{renderSnippet(result.snippet)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A snippet with its «matches» marked. */
function renderSnippet(snippet: string) {
  return snippet
    .split(/(«[^»]*»)/)
    .map((piece, index) =>
      piece.startsWith('«') && piece.endsWith('»') ? (
        <mark key={index}>{piece.slice(1, -1)}</mark>
      ) : (
        piece
      ),
    );
}
