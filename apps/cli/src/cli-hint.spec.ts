import { cliHint } from './cli-hint';

describe('cliHint', () => {
  it('names the command through npx, which runs in a checkout and prints nothing else', () => {
    expect(cliHint('rebuild')).toBe('`npx agent-ledger rebuild`');
    expect(cliHint('rebuild', { DATA_DIR: '' })).toBe('`npx agent-ledger rebuild`');
  });

  it('repeats the DATA_DIR the user set, quoted for the shell when it needs to be', () => {
    expect(cliHint('rebuild', { DATA_DIR: './data-2' })).toBe(
      '`DATA_DIR=./data-2 npx agent-ledger rebuild`',
    );
    expect(cliHint('rebuild', { DATA_DIR: "my data's" })).toBe(
      "`DATA_DIR='my data'\\''s' npx agent-ledger rebuild`",
    );
  });
});
