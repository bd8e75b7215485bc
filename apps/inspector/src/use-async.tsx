import { useEffect, useState } from 'preact/hooks';
import { describeError, useConnection } from './auth';

/** The state of one request of a page. */
export type Async<T> =
  { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; message: string };

/** Runs `load` whenever `deps` change; the answer of an older run is dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): Async<T> {
  const connection = useConnection();
  const [state, setState] = useState<Async<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => current && setState({ status: 'done', value }),
      (error: unknown) =>
        current && setState({ status: 'error', message: describeError(connection, error) }),
    );
    return () => {
      current = false;
    };
  }, deps);
  return state;
}

/** What to show while a request runs or after it failed; `undefined` once it is done. */
export function Pending({ state, what }: { state: Async<unknown>; what: string }) {
  if (state.status === 'loading')
    return (
      <p class="loading" role="status">
        Loading {what}…
      </p>
    );
  if (state.status === 'error') {
    return (
      <p class="error" role="alert">
        Could not load {what}: {state.message}
      </p>
    );
  }
  return null;
}
