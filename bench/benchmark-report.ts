import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The benchmarks document, relative to the repository root. */
export const BENCHMARKS_DOC = join(__dirname, '..', 'docs', 'benchmarks.md');

/**
 * Replaces the section of one benchmark in `docs/benchmarks.md` (the text between its
 * `<!-- bench:<id>:start -->` and `<!-- bench:<id>:end -->` markers), or appends it under
 * `heading` when it is not there yet. Other benchmarks' sections are left as they are.
 */
export function writeBenchmarkSection(id: string, heading: string, markdown: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const document = readFileSync(BENCHMARKS_DOC, 'utf8');
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  const updated =
    from >= 0 && to > from
      ? `${document.slice(0, from)}${section}${document.slice(to + end.length)}`
      : `${document.trimEnd()}\n\n## ${heading}\n\n${section}\n`;
  writeFileSync(BENCHMARKS_DOC, updated);
}
