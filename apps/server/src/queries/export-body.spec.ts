import { projectToExport, renderExportMarkdown } from '@agent-ledger/projections';
import { seedExampleMessages } from '@agent-ledger/testing';
import {
  exportJsonBody,
  exportMarkdownBody,
  jsonWithArrayBody,
  type ExportRow,
} from './export-body';

const context = { sessionId: 's1', activeAgentName: 'default', includeReasoning: false };
const [first, second, third] = projectToExport(seedExampleMessages(), context, {
  redact: false,
}).messages;
if (first === undefined || second === undefined || third === undefined) {
  throw new Error('The seed exports fewer than three messages.');
}
/** Rows as the export read model gives them: one left out, one with redactions. */
const rows: ExportRow[] = [
  { id: 'm1', entry: first, redactions: 0 },
  { id: 'hidden', entry: undefined, redactions: 0 },
  { id: 'm3', entry: second, redactions: 2 },
  { id: 'm4', entry: third, redactions: 0 },
];

describe('an export written piece by piece', () => {
  it('is, as JSON, the text of the whole export stringified at once', () => {
    const whole = {
      sessionId: 's1',
      revision: 6,
      export: {
        messages: [first, second, third],
        diagnostics: {
          hiddenMessageIds: ['hidden'],
          truncatedMessageIds: [],
          injectedNotes: [],
          redactionCount: 2,
          redactedMessageIds: ['m3'],
        },
      },
    };
    expect([...exportJsonBody({ sessionId: 's1', revision: 6 }, rows)].join('')).toBe(
      JSON.stringify(whole),
    );
  });

  it('is, as Markdown, renderExportMarkdown’s text', () => {
    const whole = renderExportMarkdown(
      {
        messages: [first, second, third],
        diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
      },
      { title: 'Session s1' },
    );
    expect([...exportMarkdownBody('Session s1', rows)].join('')).toBe(whole);
  });

  it('writes an empty export as the whole one', () => {
    expect([...exportJsonBody({ sessionId: 's1', revision: 0 }, [])].join('')).toBe(
      '{"sessionId":"s1","revision":0,"export":{"messages":[],"diagnostics":{"hiddenMessageIds":[],"truncatedMessageIds":[],"injectedNotes":[],"redactionCount":0,"redactedMessageIds":[]}}}',
    );
    expect([...exportMarkdownBody('Session s1', [])].join('')).toBe('# Session s1\n\n\n');
  });

  it('writes an object whose last property is an array, item by item', () => {
    const items = [{ a: 1 }, 'two', null];
    expect(
      [...jsonWithArrayBody({ sessionId: 's1', revision: 3 }, 'messages', items)].join(''),
    ).toBe(JSON.stringify({ sessionId: 's1', revision: 3, messages: items }));
    expect([...jsonWithArrayBody({}, 'calls', [])].join('')).toBe('{"calls":[]}');
  });
});
