import type { ErrorBody } from './contract/errors';
import { LedgerConnectionError, LedgerError } from './ledger-error';
import {
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryOptions,
  retryDelayMs,
  type RetryOptions,
} from './retry-policy';

/** How a client reaches the ledger. */
export interface LedgerClientOptions {
  /** The server, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** An API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** More headers for every request (an `authorization` here wins over `apiKey`). */
  headers?: Record<string, string>;
  retry?: RetryOptions;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Text and JSON tool outputs larger than this, in UTF-8 bytes, are uploaded as blobs before
   * the append (or the step) that holds them, which then refers to them (default
   * `DEFAULT_BLOB_THRESHOLD_BYTES`, 32 KiB: the server's `BLOB_THRESHOLD_BYTES` default). Set it
   * to the server's when that is changed; the server stores whatever arrives above its own as a
   * blob anyway.
   */
  blobThresholdBytes?: number;
  /** For tests: how to wait and where jitter comes from. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** Query parameters; `undefined` ones are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/** One request: every command and query of the API is idempotent, so each may be retried. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: QueryValues;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a blob's bytes), with its `content-type` in `headers`; sent again on a retry. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends requests with retries; answers the raw `Response` of a 2xx. */
export interface Transport {
  send(spec: RequestSpec): Promise<Response>;
  json(spec: RequestSpec): Promise<unknown>;
}

/**
 * The HTTP side of the client. A request is sent again on 503 (`StoreUnavailable`,
 * `ReadModelBehind`), 429 (after its `Retry-After`) and on a connection error, with backoff and
 * jitter. That is safe for commands too: message ids make an append idempotent, and the server
 * answers a retry of a recorded command with 200 whatever its `expectedRevision` says. A 4xx is
 * never sent again: the same request would get the same answer (a `minPosition` no write has
 * reached, `409 PositionNotReached`, included: waiting cannot reach it).
 */
export function createTransport(options: LedgerClientOptions): Transport {
  const fetchImpl = options.fetch ?? fetch;
  const retry = resolveRetryOptions(options.retry);
  const sleep = options.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const baseHeaders: Record<string, string> = {
    accept: 'application/json',
    ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
    ...options.headers,
  };

  async function send(spec: RequestSpec): Promise<Response> {
    const url = `${baseUrl}${spec.path}${queryString(spec.query)}`;
    const init: RequestInit = {
      method: spec.method,
      headers: {
        ...baseHeaders,
        ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...spec.headers,
      },
      ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
      ...(spec.rawBody === undefined ? {} : { body: spec.rawBody }),
      ...(spec.signal === undefined ? {} : { signal: spec.signal }),
    };
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (error) {
        if (spec.signal?.aborted === true || attempt > retry.retries) {
          if (spec.signal?.aborted === true) throw error;
          throw new LedgerConnectionError(spec.method, spec.path, attempt, error);
        }
        await sleep(retryDelayMs(attempt, retry, random));
        continue;
      }
      if (response.ok) return response;
      if (isRetryableStatus(response.status) && attempt <= retry.retries) {
        await response.body?.cancel();
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
        await sleep(retryDelayMs(attempt, retry, random, retryAfter));
        continue;
      }
      throw new LedgerError(spec.method, spec.path, await errorBodyOf(response));
    }
  }

  return {
    send,
    async json(spec) {
      const response = await send(spec);
      const body: unknown = JSON.parse(await response.text());
      return body;
    },
  };
}

function queryString(query: QueryValues | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The JSON error body; a proxy's HTML page or an empty body still becomes a typed error. */
async function errorBodyOf(response: Response): Promise<ErrorBody> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { code?: unknown }).code === 'string' &&
      typeof (parsed as { message?: unknown }).message === 'string'
    ) {
      return { ...(parsed as ErrorBody), statusCode: response.status };
    }
  } catch {
    // not JSON: described below
  }
  return {
    statusCode: response.status,
    code: response.status === 429 ? 'TooManyRequests' : `Http${response.status}`,
    message: text.slice(0, 500) || response.statusText,
  };
}
