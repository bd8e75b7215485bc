import type { TranscriptEntry } from '@agent-ledger/client';
import { callTree, type TreeRow } from './call-tree';
import { pairToolCalls } from './pair-tool-calls';
import type { ModelCall } from './session-timeline';

const entry = (id: string, kind: TranscriptEntry['kind'], content: unknown): TranscriptEntry => ({
  view: 'transcript',
  id,
  kind,
  role: kind === 'user_input' ? 'user' : kind === 'tool_result' ? 'tool' : 'assistant',
  semanticType: kind,
  sourceMessageIds: [id],
  createdAt: '2026-04-08T09:00:00.000Z',
  content,
});

const entries = [
  entry('u1', 'user_input', 'Fix the login'),
  entry('g:0.0', 'assistant_text', 'Reading it.'),
  entry('g:0.1', 'tool_call', [
    { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { path: 'a.ts' } },
  ]),
  entry('g:1', 'tool_result', [
    {
      type: 'tool-result',
      toolCallId: 'c1',
      toolName: 'Read',
      output: { type: 'text', value: 'x' },
    },
  ]),
  entry('g:2', 'assistant_text', 'Fixed.'),
  entry('u2', 'user_input', 'Thanks'),
];
const calls: ModelCall[] = [
  { number: 1, callId: 'g:step-0', revision: 5, messageIds: ['g:0.0', 'g:0.1', 'g:1'] },
  { number: 2, callId: 'g:step-1', revision: 7, messageIds: ['g:2'] },
];
const revisions = new Map([
  ['u1', 1],
  ['g:0.0', 2],
  ['g:0.1', 3],
  ['g:1', 4],
  ['g:2', 6],
  ['u2', 8],
]);

const shape = (rows: TreeRow[]) =>
  rows.map((row) =>
    row.type === 'message'
      ? `${'  '.repeat(row.depth)}${row.entry.id}${row.results.map((result) => ` +${result.id}`).join('')}${row.later ? ' (later)' : ''}`
      : row.type === 'call'
        ? `${'  '.repeat(row.depth)}call ${row.call.number}${row.later ? ' (later)' : ''}`
        : `-- revision ${row.revision} --`,
  );

describe('callTree', () => {
  test('turns hold their model calls, and each call its messages, a tool call with its result', () => {
    const tree = callTree(entries, pairToolCalls(entries), calls);
    expect(shape(tree.rows)).toEqual([
      'u1',
      '  call 1',
      '    g:0.0',
      '    g:0.1 +g:1',
      '  call 2',
      '    g:2',
      'u2',
    ]);
    // The folded result is found at its call's row (a deep link to it scrolls there).
    expect(tree.rowOf.get('g:1')).toBe(tree.rowOf.get('g:0.1'));
    expect(tree.rows.find((row) => row.type === 'message' && row.entry.id === 'u2')).toMatchObject({
      turn: 2,
    });
  });

  test('without recorded calls, messages sit under their turn', () => {
    expect(shape(callTree(entries, pairToolCalls(entries), []).rows)).toEqual([
      'u1',
      '  g:0.0',
      '  g:0.1 +g:1',
      '  g:2',
      'u2',
    ]);
  });

  test('a result whose call is not in the transcript stays a row of its own', () => {
    const tail = entries.slice(3);
    expect(shape(callTree(tail, pairToolCalls(tail), []).rows)).toEqual(['g:1', 'g:2', 'u2']);
  });

  test('at a point, what was recorded later is marked, after the point row', () => {
    const tree = callTree(entries, pairToolCalls(entries), calls, {
      atRevision: 5,
      messageRevisions: revisions,
    });
    expect(shape(tree.rows)).toEqual([
      'u1',
      '  call 1',
      '    g:0.0',
      '    g:0.1 +g:1',
      '-- revision 5 --',
      '  call 2 (later)',
      '    g:2 (later)',
      'u2 (later)',
    ]);
    expect(tree.pointRow).toBe(4);
  });

  test('with only some revisions known, a message after a later one is later too', () => {
    const tree = callTree(entries, pairToolCalls(entries), [], {
      atRevision: 3,
      messageRevisions: new Map([
        ['u1', 1],
        ['g:0.0', 4],
      ]),
    });
    expect(shape(tree.rows)).toEqual([
      'u1',
      '-- revision 3 --',
      '  g:0.0 (later)',
      '  g:0.1 +g:1 (later)',
      '  g:2 (later)',
      'u2 (later)',
    ]);
  });
});
