import { renderExportMarkdownSection, renderExportMarkdownTitle } from '@agent-ledger/projections';
import { countExportRow, emptyExport, type ExportStep } from '@agent-ledger/read-models';

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

/** The export as Markdown, message by message: `renderExportMarkdown`'s text. */
export function* exportMarkdownBody(title: string, rows: Iterable<ExportRow>): Generator<string> {
  yield renderExportMarkdownTitle(title);
  let separator = '';
  for (const row of rows) {
    if (row.entry === undefined) continue;
    yield `${separator}${renderExportMarkdownSection(row.entry)}`;
    separator = '\n\n';
  }
  yield '\n';
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
