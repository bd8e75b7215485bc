import { claudeCodeSourceOfEntries } from './claude-code-source-of-entries';

describe('claudeCodeSourceOfEntries', () => {
  it('makes the main file of the main batches and a sub-agent file per subpath, in kept order', () => {
    expect(
      claudeCodeSourceOfEntries('s1', [
        { entries: [{ type: 'user', uuid: 'u1' }] },
        { subpath: 'subagents/agent-a1', entries: [{ type: 'user', uuid: 'x1' }] },
        { entries: [{ type: 'assistant', uuid: 'a1' }] },
      ]),
    ).toEqual({
      session: {
        name: 's1.jsonl',
        text: '{"type":"user","uuid":"u1"}\n{"type":"assistant","uuid":"a1"}',
      },
      subagents: [{ name: 'agent-a1.jsonl', text: '{"type":"user","uuid":"x1"}' }],
    });
  });

  it('makes no sub-agent file when no subpath kept entries', () => {
    expect(claudeCodeSourceOfEntries('s1', [])).toEqual({
      session: { name: 's1.jsonl', text: '' },
    });
  });
});
