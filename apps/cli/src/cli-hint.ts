/**
 * A CLI command to suggest, written so that it runs as it stands in a checkout or an install:
 * `npx agent-ledger <args>` (`agent-ledger` alone is not on the PATH of a checkout, and `npm run
 * cli --` prints npm's banner on stdout). A `DATA_DIR` the user set, which may have been given on
 * this command line only, is repeated in front of it.
 */
export function cliHint(args: string, env: Record<string, string | undefined> = {}): string {
  const dataDir = env['DATA_DIR'];
  const prefix =
    dataDir === undefined || dataDir.trim() === '' ? '' : `DATA_DIR=${shellWord(dataDir)} `;
  return `\`${prefix}npx agent-ledger ${args}\``;
}

/** A word the shell reads back as `text`: as it is when plain, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w.,:@/+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
