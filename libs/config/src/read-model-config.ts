import path from 'node:path';
import type { ExportPolicy } from '@agent-ledger/read-models';

/** The read side's settings, from environment variables with documented defaults. */
export interface ReadModelConfig {
  /** `DATA_DIR/read-models.sqlite`: the read models' own file, deletable and rebuilt from the log. */
  path: string;
  /** `READ_MODEL_WAIT_MS`, default 5000: how long a query given `minPosition` waits before 503. */
  waitTimeoutMs: number;
  /**
   * `EXPORT_REDACTION` (`default` or `off`) and `EXPORT_REDACTION_PATTERNS` (a JSON array of
   * regular expressions redacted in addition); `EXPORT_INCLUDE_REASONING=true` keeps reasoning.
   */
  exportPolicy: ExportPolicy;
  /**
   * `PROJECTION_RUNNER`, default `thread`: over the embedded store, the projection runner runs on
   * a worker thread of its own, beside the requests; `inline` runs it on the server's thread (as
   * over EventStoreDB, where it always does).
   */
  runner: 'thread' | 'inline';
  /**
   * `MAX_PAGE_BYTES`, default 4 MiB: a transcript, debug or events page ends before the entry
   * that would take it past this many bytes (its first entry is always in it).
   */
  maxPageBytes: number;
  /**
   * `READY_MAX_LAG`, default 1000: `GET /health/ready` answers 503 while the read models are more
   * than this many log positions behind the head (a rebuild, a runner that fell behind).
   */
  readyMaxLag: number;
  /**
   * `READ_MODEL_SWEEP_ROWS_PER_SECOND`, default 1000 (`0`: off): how many read-model rows the
   * runner checks against their checksums each second in the background, so that damage to rows
   * no one reads is found and repaired too (reads check every row they return anyway).
   */
  sweepRowsPerSecond: number;
  /**
   * `SEARCH_BLOB_TEXT_BYTES`, default 64 KiB (`0`: previews only): how many bytes of a blob
   * output's text the search index reads from the blob store and indexes; a word past them is not
   * found (the preview, the first 200 characters, always is).
   */
  searchBlobTextBytes: number;
}

/** A read-side variable that cannot be used; says which and what is accepted. */
export class ReadModelConfigError extends Error {
  readonly code = 'InvalidConfiguration';
}

/** Reads the read side's settings; `dataDir` is the server's `DATA_DIR`. */
export function loadReadModelConfig(
  env: Record<string, string | undefined>,
  dataDir: string,
): ReadModelConfig {
  return {
    path: path.join(dataDir, 'read-models.sqlite'),
    waitTimeoutMs: waitTimeout(env['READ_MODEL_WAIT_MS']),
    exportPolicy: {
      redactSecrets: redaction(env['EXPORT_REDACTION']),
      extraPatterns: patterns(env['EXPORT_REDACTION_PATTERNS']),
      includeReasoning: env['EXPORT_INCLUDE_REASONING']?.trim() === 'true',
    },
    runner: runnerPlacement(env['PROJECTION_RUNNER']),
    maxPageBytes: maxPageBytes(env['MAX_PAGE_BYTES']),
    readyMaxLag: readyMaxLag(env['READY_MAX_LAG']),
    sweepRowsPerSecond: sweepRate(env['READ_MODEL_SWEEP_ROWS_PER_SECOND']),
    searchBlobTextBytes: searchBlobTextBytes(env['SEARCH_BLOB_TEXT_BYTES']),
  };
}

function searchBlobTextBytes(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 64 * 1024;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 16 * 1024 * 1024) {
    throw new ReadModelConfigError(
      `SEARCH_BLOB_TEXT_BYTES is ${JSON.stringify(raw)}; expected bytes from 0 (previews only) to 16777216 (default 65536).`,
    );
  }
  return value;
}

function sweepRate(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 1_000_000) {
    throw new ReadModelConfigError(
      `READ_MODEL_SWEEP_ROWS_PER_SECOND is ${JSON.stringify(raw)}; expected rows per second from 0 (no sweep) to 1000000.`,
    );
  }
  return value;
}

function readyMaxLag(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw new ReadModelConfigError(
      `READY_MAX_LAG is ${JSON.stringify(raw)}; expected a number of log positions, 0 or more (default 1000).`,
    );
  }
  return value;
}

function runnerPlacement(raw: string | undefined): 'thread' | 'inline' {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'thread') return 'thread';
  if (value === 'inline') return 'inline';
  throw new ReadModelConfigError(
    `PROJECTION_RUNNER is ${JSON.stringify(raw)}; expected "thread" (a worker thread of its own, the default) or "inline" (the server's thread).`,
  );
}

const MIN_PAGE_BYTES = 64 * 1024;
const MAX_MAX_PAGE_BYTES = 1024 * 1024 * 1024;

function maxPageBytes(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 4 * 1024 * 1024;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < MIN_PAGE_BYTES || value > MAX_MAX_PAGE_BYTES) {
    throw new ReadModelConfigError(
      `MAX_PAGE_BYTES is ${JSON.stringify(raw)}; expected bytes from ${MIN_PAGE_BYTES} (64 KiB) to ${MAX_MAX_PAGE_BYTES} (1 GiB).`,
    );
  }
  return value;
}

function waitTimeout(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 5000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 60_000) {
    throw new ReadModelConfigError(
      `READ_MODEL_WAIT_MS is ${JSON.stringify(raw)}; expected milliseconds from 0 to 60000.`,
    );
  }
  return value;
}

function redaction(raw: string | undefined): boolean {
  const value = raw?.trim() ?? 'default';
  if (value === 'default' || value === '') return true;
  if (value === 'off') return false;
  throw new ReadModelConfigError(
    `EXPORT_REDACTION is ${JSON.stringify(raw)}; expected "default" (redact secrets) or "off".`,
  );
}

function patterns(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((item): item is string => typeof item === 'string')) {
    throw new ReadModelConfigError(
      'EXPORT_REDACTION_PATTERNS must be a JSON array of regular expressions, e.g. ["ACME-[0-9]{6}"].',
    );
  }
  for (const source of parsed) {
    try {
      new RegExp(source, 'g');
    } catch (error) {
      throw new ReadModelConfigError(
        `EXPORT_REDACTION_PATTERNS holds ${JSON.stringify(source)}, not a valid regular expression: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
  }
  return parsed;
}
