import { useState } from 'preact/hooks';

/** Asks for an API key when the server requires one; the key stays in this tab only. */
export function Login(props: { message: string | undefined; onKey: (apiKey: string) => void }) {
  const [apiKey, setApiKey] = useState('');
  return (
    <main class="login" id="main">
      <h1>Agent Ledger inspector</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (apiKey.trim() !== '') props.onKey(apiKey.trim());
        }}
      >
        <p>
          This server requires an API key. It is kept in this browser tab’s session storage only.
        </p>
        {props.message !== undefined && (
          <p role="alert" class="error">
            {props.message}
          </p>
        )}
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          value={apiKey}
          onInput={(event) => setApiKey(event.currentTarget.value)}
        />
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
