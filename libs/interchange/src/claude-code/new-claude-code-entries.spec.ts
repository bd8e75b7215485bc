import { newClaudeCodeEntries } from './new-claude-code-entries';

describe('newClaudeCodeEntries', () => {
  it('leaves out entries whose uuid is kept or met before, and keeps every entry without a uuid', () => {
    const kept = [{ type: 'user', uuid: 'u1' }];
    const title = { type: 'custom-title', customTitle: 'T' };
    expect(
      newClaudeCodeEntries(kept, [
        { type: 'user', uuid: 'u1' },
        title,
        { type: 'assistant', uuid: 'a1' },
        { type: 'assistant', uuid: 'a1' },
        title,
      ]),
    ).toEqual([title, { type: 'assistant', uuid: 'a1' }, title]);
  });
});
