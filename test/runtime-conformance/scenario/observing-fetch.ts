import type { LedgerExchange } from './session-record';

/** A `fetch` that keeps every request to the ledger and its answer in `log`. */
export function observingFetch(log: LedgerExchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? parseJson(init.body) : undefined,
      status: response.status,
      response: parseJson(text),
    });
    return response;
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
