import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..', '..');

describe('the plain checks of the validation pipe', () => {
  it('answer every body and session id exactly as class-validator does, and take the short way for plain ones', () => {
    const run = spawnSync(
      process.execPath,
      [
        '-r',
        path.join(root, 'scripts', 'ts-register.js'),
        path.join(__dirname, 'plainly-valid-session-dtos.property.ts'),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect({ status: run.status, output: run.stdout.trim(), errors: run.stderr }).toEqual({
      status: 0,
      output: 'ok 400',
      errors: '',
    });
  });
});
