import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Command, Option } from 'commander';
import {
  IMPORT_FORMATS,
  importHistory,
  importLedgerJsonl,
  InvalidImportSourceError,
  type ImportPlan,
  type ClaudeCodeFile,
  type ImportFormat,
  type ImportSource,
} from '@agent-ledger/interchange';
import { OPEN_WRITER, runImportPlan, SessionCommandRunner } from '@agent-ledger/session-commands';
import type { BlobStore } from '@agent-ledger/blobs';
import { createBlobStore, createEventStore, loadServerConfig } from '@agent-ledger/config';
import { sessionKeyOf } from '@agent-ledger/events';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';

interface ImportFlags {
  from: ImportFormat;
  sessionId?: string;
  createdAt?: string;
  json?: boolean;
}

/**
 * `import --from <format> FILE|DIR`: writes another tool's history into the store the server
 * writes, through the same session decider and event ids as the server (importing twice appends
 * nothing). A Claude Code directory imports every `<session>.jsonl` in it with its
 * `<session>/subagents/*.jsonl`.
 */
export function importCommand(io: CliIo): Command {
  return new Command('import')
    .description(
      'Import a history from Claude Code (a session .jsonl or a project directory), opencode (`opencode export` JSON), AI SDK UIMessage[] or ModelMessage[] JSON, OpenAI Responses/Conversations items, or the ledger’s own `export --format jsonl` (blobs referenced or included; read line by line), into the store the server writes (DATA_DIR, EVENT_STORE). Importing the same source again appends nothing.',
    )
    .argument('<path>', 'a file, or (claude-code) a project directory of session files')
    .addOption(
      new Option('--from <format>', 'the source format')
        .choices([...IMPORT_FORMATS])
        .makeOptionMandatory(),
    )
    .option(
      '--session-id <id>',
      'the session to import into (default: the source’s own id; required for ui-messages, model-messages, openai-items, jsonl)',
    )
    .option(
      '--created-at <time>',
      'createdAt of messages from formats without times (default 1970-01-01T00:00:00.000Z)',
    )
    .option('--json', 'print the whole result (sessions and report) as JSON')
    .action(async (path: string, flags: ImportFlags) => {
      const sources = flags.from === 'jsonl' ? [] : readSources(path, flags.from);
      const ledgerJsonlSessionId = flags.from === 'jsonl' ? requireJsonlSession(path, flags) : '';
      const config = loadServerConfig(io.env ?? process.env);
      const store = await createEventStore(config);
      // Large tool outputs become blobs in the same store the server reads them from.
      const blobs = await createBlobStore(config);
      try {
        const runner = new SessionCommandRunner(store, {
          cacheSize: 16,
          clock: () => new Date().toISOString(),
        });
        const results = [];
        const plans: Array<() => Promise<ImportPlan>> =
          flags.from === 'jsonl'
            ? [() => ledgerJsonlPlan(path, ledgerJsonlSessionId, blobs.store)]
            : sources.map((source) => () => Promise.resolve(toPlan(source, flags, sources.length)));
        for (const makePlan of plans) {
          const plan = await makePlan();
          results.push(
            await runImportPlan(plan, runner, store, undefined, undefined, {
              blobs: blobs.store,
              thresholdBytes: config.blobThresholdBytes,
            }),
          );
        }
        if (flags.json === true) {
          io.stdout.write(
            `${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`,
          );
          return;
        }
        for (const result of results) {
          for (const session of result.sessions) {
            io.stdout.write(
              `${session.sessionId}: ${session.appended} event(s) appended, revision ${session.revision}${session.parent === undefined ? '' : ` (sub-agent of ${session.parent.sessionId}${session.parent.toolCallId === undefined ? '' : `, call ${session.parent.toolCallId}`})`}\n`,
            );
          }
          const { report } = result;
          io.stdout.write(
            `  ${report.records} record(s) read: ${report.messages} message(s), ${report.modelCalls} model call(s), ${report.compactions} compaction(s), ${report.prunedToolResults} pruned result(s)\n`,
          );
          for (const note of report.notes) {
            io.stdout.write(
              `  ${note.action.padEnd(8)} ${String(note.count).padStart(5)}  ${note.reason}${note.examples.length === 0 ? '' : ` (${note.examples.join(', ')})`}\n`,
            );
          }
        }
      } finally {
        await blobs.close();
        await store.close();
      }
    });
}

function requireJsonlSession(path: string, flags: ImportFlags): string {
  if (!existsSync(path)) throw new CliError(`No such file or directory: ${path}`);
  if (flags.sessionId === undefined) {
    throw new CliError('--from jsonl needs --session-id: the session to import the export into');
  }
  return flags.sessionId;
}

/**
 * The plan of a ledger JSONL export, read line by line from the file (an included 1 GiB blob is
 * never whole in memory); its included blobs stored in the `DATA_DIR`'s blob store as they are
 * read, with the session's reference.
 */
async function ledgerJsonlPlan(
  path: string,
  sessionId: string,
  blobs: BlobStore,
): Promise<ImportPlan> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  try {
    return await importLedgerJsonl(lines, {
      sessionId,
      storeBlob: async (header, chunks) => {
        await blobs.put(OPEN_WRITER.tenant, chunks, {
          mediaType: header.mediaType,
          expectedSha256: header.sha256,
          sessionKey: sessionKeyOf(OPEN_WRITER.tenant, sessionId),
        });
      },
    });
  } catch (error) {
    if (error instanceof InvalidImportSourceError) throw new CliError(error.message);
    throw error;
  } finally {
    lines.close();
  }
}

function toPlan(source: ImportSource, flags: ImportFlags, count: number) {
  try {
    return importHistory(source, {
      // A directory holds several sessions: each keeps its own id.
      ...(flags.sessionId === undefined || count > 1 ? {} : { sessionId: flags.sessionId }),
      ...(flags.createdAt === undefined ? {} : { createdAt: flags.createdAt }),
    });
  } catch (error) {
    if (error instanceof InvalidImportSourceError) throw new CliError(error.message);
    throw error;
  }
}

function readSources(path: string, format: Exclude<ImportFormat, 'jsonl'>): ImportSource[] {
  if (!existsSync(path)) throw new CliError(`No such file or directory: ${path}`);
  if (format === 'claude-code') {
    const files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.jsonl'))
          .sort()
          .map((name) => join(path, name))
      : [path];
    if (files.length === 0) throw new CliError(`No .jsonl session file in ${path}`);
    return files.map((file) => ({
      format,
      session: readFile(file),
      subagents: subagentFiles(file),
    }));
  }
  if (statSync(path).isDirectory())
    throw new CliError(`${format} imports one JSON file; ${path} is a directory`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(
      `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return [{ format, data }];
}

function subagentFiles(sessionFile: string): ClaudeCodeFile[] {
  const folder = join(sessionFile.replace(/\.jsonl$/, ''), 'subagents');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => readFile(join(folder, name)));
}

function readFile(file: string): ClaudeCodeFile {
  return { name: basename(file), text: readFileSync(file, 'utf8') };
}
