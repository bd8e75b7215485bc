import { Writable } from 'node:stream';
import { Command, Option } from 'commander';
import { createBlobStore } from '@agent-ledger/config';
import { renderExportMarkdown } from '@agent-ledger/projections';
import { computeSessionReadModels, type ExportPolicy } from '@agent-ledger/read-models';
import {
  INTERCHANGE_EXPORT_FORMATS,
  interchangeExport,
  type InterchangeExportFormat,
} from '@agent-ledger/interchange';
import { OPEN_WRITER } from '@agent-ledger/session-commands';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { readSessionLog } from '../audit/read-session-log';
import { withLedger } from '../ledger/with-ledger';
import { wholeNumber } from './parse-arguments';

interface ExportFlags {
  format: 'json' | 'markdown' | InterchangeExportFormat;
  redact: boolean;
  toRevision?: number;
  blobs: 'reference' | 'include';
}

/** `export`: the export view of a session, redacted by default, as JSON or Markdown. */
export function exportCommand(io: CliIo): Command {
  return new Command('export')
    .description(
      'Print the export view of a session (runtime noise removed, secrets redacted under the server’s EXPORT_REDACTION policy) as JSON or Markdown, or as OpenTelemetry GenAI model calls (otel-genai), AI SDK UI messages (ui-messages) or runtime messages one a line (jsonl), computed from the log.',
    )
    .argument('<sessionId>', 'the session')
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['json', 'markdown', ...INTERCHANGE_EXPORT_FORMATS])
        .default('json'),
    )
    .addOption(
      new Option(
        '--blobs <mode>',
        'jsonl: keep each blob as its reference (reference), or write its bytes into the export (include) so that `import --from jsonl` restores it elsewhere',
      )
        .choices(['reference', 'include'])
        .default('reference'),
    )
    .option('--no-redact', 'keep secrets as recorded (no redaction at all)')
    .option(
      '--to-revision <r>',
      'export the session as of this revision (default: the latest)',
      wholeNumber(0, 'a revision'),
    )
    .action((sessionId: string, flags: ExportFlags) =>
      withLedger(io, async (ledger) => {
        if (flags.blobs === 'include' && flags.format !== 'jsonl') {
          throw new CliError(`--blobs include is only for --format jsonl (not ${flags.format})`);
        }
        if (isInterchangeFormat(flags.format)) {
          if (flags.toRevision !== undefined) {
            throw new CliError(`--to-revision is not supported with --format ${flags.format}`);
          }
          const policy: ExportPolicy = flags.redact
            ? ledger.readModelConfig.exportPolicy
            : { ...ledger.readModelConfig.exportPolicy, redactSecrets: false, extraPatterns: [] };
          // The embedded blob file is read beside the server; EventStoreDB's blobs through its store.
          const opened =
            flags.blobs === 'include' && ledger.config.eventStore !== 'sqlite'
              ? await createBlobStore(ledger.config, { readOnly: true })
              : undefined;
          const blobs = flags.blobs === 'include' ? (opened?.store ?? ledger.blobs) : undefined;
          try {
            const result = await interchangeExport(
              await ledger.store(),
              // The CLI addresses a session by its key (the store's own name for it).
              { sessionId, key: sessionId },
              flags.format,
              policy,
              blobs === undefined
                ? {}
                : {
                    includeBlobsFrom: {
                      stat: (sha256) => blobs.stat(OPEN_WRITER.tenant, sha256),
                      read: (sha256) => blobs.read(OPEN_WRITER.tenant, sha256),
                    },
                  },
            );
            if (result.format === 'jsonl') {
              for await (const line of result.lines) await writeLine(io, line);
              return;
            }
            io.stdout.write(`${JSON.stringify(withoutFormat(result), null, 2)}\n`);
            return;
          } finally {
            await opened?.close();
          }
        }
        const log = await readSessionLog(
          await ledger.store(),
          sessionId,
          flags.toRevision === undefined ? {} : { toRevision: flags.toRevision },
        );
        const policy: ExportPolicy = flags.redact
          ? ledger.readModelConfig.exportPolicy
          : { ...ledger.readModelConfig.exportPolicy, redactSecrets: false, extraPatterns: [] };
        const exported = computeSessionReadModels(sessionId, log.recorded, {
          exportPolicy: policy,
        }).export;
        const revision = flags.toRevision ?? log.latestRevision;
        const redacted = policy.redactSecrets !== false || (policy.extraPatterns ?? []).length > 0;
        io.stdout.write(
          flags.format === 'markdown'
            ? ensureNewline(renderExportMarkdown(exported, { title: `Session ${sessionId}` }))
            : `${JSON.stringify({ sessionId, revision, redacted, export: exported }, null, 2)}\n`,
        );
      }),
    );
}

/** Writes a line, waiting while a stream's buffer is full (an included blob is many lines). */
async function writeLine(io: CliIo, line: string): Promise<void> {
  const { stdout } = io;
  if (stdout.write(line) !== false) return;
  if (!(stdout instanceof Writable)) return;
  await new Promise<void>((resolve) => {
    stdout.once('drain', () => resolve());
  });
}

function isInterchangeFormat(format: string): format is InterchangeExportFormat {
  return (INTERCHANGE_EXPORT_FORMATS as readonly string[]).includes(format);
}

function withoutFormat<T extends { format: string }>(result: T): Omit<T, 'format'> {
  const { format: _format, ...body } = result;
  return body;
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
