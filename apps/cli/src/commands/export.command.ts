import { Command, Option } from 'commander';
import { renderExportMarkdown } from '@agent-ledger/projections';
import { computeSessionReadModels, type ExportPolicy } from '@agent-ledger/read-models';
import {
  INTERCHANGE_EXPORT_FORMATS,
  interchangeExport,
  type InterchangeExportFormat,
} from '@agent-ledger/interchange';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { readSessionLog } from '../audit/read-session-log';
import { withLedger } from '../ledger/with-ledger';
import { wholeNumber } from './parse-arguments';

interface ExportFlags {
  format: 'json' | 'markdown' | InterchangeExportFormat;
  redact: boolean;
  toRevision?: number;
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
    .option('--no-redact', 'keep secrets as recorded (no redaction at all)')
    .option(
      '--to-revision <r>',
      'export the session as of this revision (default: the latest)',
      wholeNumber(0, 'a revision'),
    )
    .action((sessionId: string, flags: ExportFlags) =>
      withLedger(io, async (ledger) => {
        if (isInterchangeFormat(flags.format)) {
          if (flags.toRevision !== undefined) {
            throw new CliError(`--to-revision is not supported with --format ${flags.format}`);
          }
          const policy: ExportPolicy = flags.redact
            ? ledger.readModelConfig.exportPolicy
            : { ...ledger.readModelConfig.exportPolicy, redactSecrets: false, extraPatterns: [] };
          const result = await interchangeExport(
            await ledger.store(),
            // The CLI addresses a session by its key (the store's own name for it).
            { sessionId, key: sessionId },
            flags.format,
            policy,
          );
          if (result.format === 'jsonl') {
            for (const line of result.lines) io.stdout.write(line);
            return;
          }
          io.stdout.write(`${JSON.stringify(withoutFormat(result), null, 2)}\n`);
          return;
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
