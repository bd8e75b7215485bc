import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import {
  clientFor,
  ConnectionContext,
  storedKey,
  storeKey,
  whoami,
  type Connection,
  type Whoami,
} from './auth';
import { Login } from './login';
import { requestFirstPageEarly } from './transcript/first-page';
import { AnalyticsPage } from './pages/analytics-page';
import { SessionPage } from './pages/session-page';
import { SessionsPage } from './pages/sessions-page';
import { Link, useRoute } from './router';
import { ThemeToggle } from './theme-toggle';

type AuthState =
  | { status: 'checking' }
  | { status: 'login'; message?: string }
  | { status: 'ready'; apiKey: string | undefined; whoami: Whoami }
  | { status: 'failed'; message: string };

/** The inspector: signs in when the server wants a key, then routes to a page. */
export function App() {
  const [auth, setAuth] = useState<AuthState>({ status: 'checking' });
  const route = useRoute();

  const check = useCallback(async (apiKey: string | undefined, failure?: string) => {
    try {
      const answer = await whoami(apiKey);
      if (answer === 'unauthorized') {
        storeKey(undefined);
        setAuth({
          status: 'login',
          ...(apiKey === undefined && failure === undefined
            ? {}
            : { message: failure ?? 'That key was refused.' }),
        });
        return;
      }
      storeKey(apiKey);
      setAuth({ status: 'ready', apiKey, whoami: answer });
    } catch (error) {
      setAuth({
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, []);

  useEffect(() => {
    const apiKey = storedKey();
    // Opening a session: its first page is asked for beside whoami, not after it.
    if (route.page === 'session') requestFirstPageEarly(clientFor(apiKey), apiKey, route.sessionId);
    void check(apiKey);
  }, [check]);

  const connection = useMemo<Connection | undefined>(() => {
    if (auth.status !== 'ready') return undefined;
    return {
      client: clientFor(auth.apiKey),
      whoami: auth.whoami,
      apiKey: auth.apiKey,
      signOut: (reason) => {
        storeKey(undefined);
        setAuth({ status: 'login', ...(reason === undefined ? {} : { message: reason }) });
      },
    };
  }, [auth]);

  if (auth.status === 'checking') return <p class="loading">Connecting…</p>;
  if (auth.status === 'failed') {
    return (
      <main id="main" class="login">
        <h1>Agent Ledger inspector</h1>
        <p role="alert" class="error">
          The server could not be reached: {auth.message}
        </p>
      </main>
    );
  }
  if (auth.status === 'login' || connection === undefined) {
    return (
      <Login
        message={auth.status === 'login' ? auth.message : undefined}
        onKey={(key) => void check(key)}
      />
    );
  }
  return (
    <ConnectionContext.Provider value={connection}>
      <header class="top">
        <a class="skip" href="#main">
          Skip to content
        </a>
        <Link to={{ page: 'sessions' }} class="brand">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          Agent Ledger
        </Link>
        <nav aria-label="Pages">
          <Link
            to={{ page: 'sessions' }}
            {...(route.page === 'sessions' ? { 'aria-current': 'page' as const } : {})}
          >
            Sessions
          </Link>
          <Link
            to={{ page: 'analytics' }}
            {...(route.page === 'analytics' ? { 'aria-current': 'page' as const } : {})}
          >
            Analytics
          </Link>
        </nav>
        <Identity connection={connection} />
        <ThemeToggle />
      </header>
      {route.page === 'sessions' && <SessionsPage query={route.query} erased={route.erased} />}
      {route.page === 'analytics' && <AnalyticsPage />}
      {route.page === 'session' && <SessionPage key={route.sessionId} route={route} />}
    </ConnectionContext.Provider>
  );
}

function Identity({ connection }: { connection: Connection }) {
  const { whoami: who } = connection;
  return (
    <div class="identity">
      <span>
        {who.auth === 'open' ? 'Open server' : `Key ${who.keyId ?? ''}`} · tenant{' '}
        <strong>{who.tenant}</strong> · {who.scopes.join(', ') || 'no scopes'}
        {!who.scopes.includes('audit') && ' · redacted'}
      </span>
      {who.auth === 'keys' && (
        <button type="button" class="link" onClick={() => connection.signOut()}>
          Sign out
        </button>
      )}
    </div>
  );
}
