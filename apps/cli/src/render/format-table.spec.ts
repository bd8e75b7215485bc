import { formatTable } from './format-table';
import { truncateToWidth } from './display-width';

describe('formatTable', () => {
  it('pads every column but the last to its widest cell', () => {
    expect(
      formatTable(
        ['SESSION', 'MESSAGES', 'AGENTS'],
        [
          ['s1', '5', 'main'],
          ['session-long', '120', ''],
        ],
      ),
    ).toEqual(
      ['SESSION       MESSAGES  AGENTS', 's1            5         main', 'session-long  120'].join(
        '\n',
      ),
    );
  });

  it('counts wide characters as two columns', () => {
    expect(
      formatTable(
        ['A', 'B'],
        [
          ['登录', 'x'],
          ['ab', 'y'],
        ],
      ),
    ).toEqual(['A     B', '登录  x', 'ab    y'].join('\n'));
  });
});

describe('truncateToWidth', () => {
  it('keeps text that fits and cuts the rest with an ellipsis, by terminal columns', () => {
    expect(truncateToWidth('short', 10)).toBe('short');
    expect(truncateToWidth('abcdefghij', 5)).toBe('abcd…');
    expect(truncateToWidth('帮我看看文件', 7)).toBe('帮我看…');
  });
});
