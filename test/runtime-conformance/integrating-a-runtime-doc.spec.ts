import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/integrating-a-runtime.md shows the code the conformance suite runs: each ```ts block is
 * named by the comment above it (`<!-- test/runtime-conformance/<file>#<region> -->`) and must be
 * the text between `// #region <region>` and `// #endregion <region>` of that file, exactly.
 */
const root = path.resolve(__dirname, '..', '..');
const doc = readFileSync(path.join(root, 'docs', 'integrating-a-runtime.md'), 'utf8');
const shown = [...doc.matchAll(/<!-- (\S+)#([\w-]+) -->\n\n```ts\n([\s\S]*?)```/g)].map(
  ([, file, region, code]) => ({ file: file!, region: region!, code: code! }),
);

function regionOf(file: string, region: string): string | undefined {
  const source = readFileSync(path.join(root, file), 'utf8');
  const start = `// #region ${region}\n`;
  const end = `// #endregion ${region}\n`;
  const from = source.indexOf(start);
  const to = source.indexOf(end);
  return from === -1 || to < from ? undefined : source.slice(from + start.length, to);
}

const exampleRegions = readdirSync(__dirname)
  .filter((name) => name.endsWith('.example.ts'))
  .flatMap((name) =>
    [...readFileSync(path.join(__dirname, name), 'utf8').matchAll(/^\/\/ #region ([\w-]+)$/gm)].map(
      ([, region]) => `test/runtime-conformance/${name}#${region!}`,
    ),
  );

describe('docs/integrating-a-runtime.md', () => {
  it('names the region of every ts block it shows', () => {
    expect(shown.length).toBe(doc.match(/^```ts$/gm)?.length);
    expect(shown.length).toBeGreaterThan(0);
  });

  it.each(shown.map((block) => [`${block.file}#${block.region}`, block] as const))(
    'shows %s exactly as the file has it',
    (_name, { file, region, code }) => {
      expect(code).toBe(regionOf(file, region));
    },
  );

  it('shows every region of the example files', () => {
    expect(shown.map(({ file, region }) => `${file}#${region}`).sort()).toEqual(
      [...exampleRegions].sort(),
    );
  });
});
