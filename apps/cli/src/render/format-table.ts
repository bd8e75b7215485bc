import { displayWidth } from './display-width';

/**
 * An aligned text table: a header row, then one row per entry, columns separated by two spaces
 * and padded to their widest cell (in terminal columns, so wide characters align). The last
 * column is not padded, so lines carry no trailing spaces.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, column) =>
    Math.max(...all.map((row) => displayWidth(row[column] ?? ''))),
  );
  return all
    .map((row) =>
      headers
        .map((_, column) => {
          const cell = row[column] ?? '';
          const last = column === headers.length - 1;
          return last ? cell : cell + ' '.repeat((widths[column] ?? 0) - displayWidth(cell));
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
