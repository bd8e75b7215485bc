import type { ContentPart, ReasoningPart, TextPart } from '@agent-ledger/messages';
import {
  renderExportMarkdownHeading,
  renderExportMarkdownSection,
  renderExportMarkdownTitle,
  renderExportPart,
  type ExportMessage,
} from '@agent-ledger/projections';
import { countExportRow, emptyExport, type ExportStep } from '@agent-ledger/read-models';
import type { WholeBlobTextReader } from './whole-blob-text-reader';

/** A row of the export read model, as `SessionViewsReader.exportStep` reads it. */
export type ExportRow = ExportStep['rows'][number];

/**
 * The export's rows, one step of about `maxBytes` at a time: `readStep(afterSeq)` reads the
 * next step (`SessionViewsReader.exportStep`), only when the previous one has been written.
 */
export function* exportRows(readStep: (afterSeq: number) => ExportStep): Generator<ExportRow> {
  let afterSeq = -1;
  for (;;) {
    const step = readStep(afterSeq);
    yield* step.rows;
    if (step.nextSeq === undefined) return;
    afterSeq = step.nextSeq;
  }
}

/**
 * `{ sessionId, revision, export }` as JSON, entry by entry: the same text as `JSON.stringify` of
 * the whole export (`SessionViewsReader.export`), whose diagnostics (message ids and counts, small)
 * come after the messages.
 */
export function* exportJsonBody(
  head: { sessionId: string; revision: number },
  rows: Iterable<ExportRow>,
): Generator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"export":{"messages":[`;
  const { diagnostics } = emptyExport();
  let separator = '';
  for (const row of rows) {
    countExportRow(diagnostics, row);
    if (row.entry === undefined) continue;
    yield `${separator}${JSON.stringify(row.entry)}`;
    separator = ',';
  }
  yield `],"diagnostics":${JSON.stringify(diagnostics)}}}`;
}

/**
 * The export as Markdown, message by message: `renderExportMarkdown`'s text, except that with
 * `wholeText` a text or reasoning part kept as a blob is written whole (read from the blob store
 * piece by piece as the client takes them) where the read model holds only its preview. Tool
 * outputs and inputs kept as blobs stay references with their preview.
 */
export async function* exportMarkdownBody(
  title: string,
  rows: Iterable<ExportRow>,
  wholeText?: WholeBlobTextReader,
): AsyncGenerator<string> {
  yield renderExportMarkdownTitle(title);
  let separator = '';
  for (const row of rows) {
    const entry = row.entry;
    if (entry === undefined) continue;
    if (separator !== '') yield separator;
    separator = '\n\n';
    if (wholeText === undefined || !holdsBlobText(entry)) {
      yield renderExportMarkdownSection(entry);
      continue;
    }
    yield `${renderExportMarkdownHeading(entry)}\n\n`;
    let partSeparator = '';
    for (const part of entry.content) {
      if (partSeparator !== '') yield partSeparator;
      partSeparator = '\n\n';
      if (!isBlobText(part)) {
        yield renderExportPart(part);
        continue;
      }
      const pieces = await wholeText(part.blob);
      if (pieces === undefined) {
        yield `${renderExportPart(part)}\n\n*(preview: the whole text, blob ${part.blob.sha256}, is no longer stored)*`;
        continue;
      }
      yield* part.type === 'reasoning' ? quoted(pieces) : pieces;
    }
  }
  yield '\n';
}

type BlobText = (TextPart | ReasoningPart) & { blob: NonNullable<TextPart['blob']> };

function isBlobText(part: ContentPart): part is BlobText {
  return (part.type === 'text' || part.type === 'reasoning') && part.blob !== undefined;
}

function holdsBlobText(
  message: ExportMessage,
): message is ExportMessage & { content: ContentPart[] } {
  return typeof message.content !== 'string' && message.content.some(isBlobText);
}

/** A reasoning text as `renderExportPart` quotes it (`> ` before each line), piece by piece. */
async function* quoted(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  yield '> ';
  for await (const piece of pieces) yield piece.replaceAll('\n', '\n> ');
}

/**
 * A JSON object whose last property is a long array, item by item: `JSON.stringify({ ...head,
 * [key]: items })`'s text without that text in memory at once.
 */
export function* jsonWithArrayBody(
  head: Record<string, unknown>,
  key: string,
  items: Iterable<unknown>,
): Generator<string> {
  const opening = JSON.stringify(head);
  yield `${opening.slice(0, -1)}${opening === '{}' ? '' : ','}${JSON.stringify(key)}:[`;
  let separator = '';
  for (const item of items) {
    yield `${separator}${JSON.stringify(item) ?? 'null'}`;
    separator = ',';
  }
  yield ']}';
}
