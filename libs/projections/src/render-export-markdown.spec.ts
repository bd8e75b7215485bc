import { projectToExport } from './project-to-export';
import { renderExportMarkdown } from './render-export-markdown';
import {
  assistantText,
  boundary,
  history,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';

describe('renderExportMarkdown', () => {
  it('renders a heading per message, fenced tool data and a one-line boundary', () => {
    const messages = history(
      userInput('u1', 'Why does login fail?', { agentName: 'build' }),
      toolCall('c1', 'call_1', { file_path: 'src/auth.ts' }),
      toolResult('r1', 'call_1', 'const a = ```x```;'),
      boundary('b1'),
      assistantText('a1', 'Fixed.'),
    );
    const markdown = renderExportMarkdown(
      projectToExport(messages, { sessionId: 's1', activeAgentName: 'build' }),
      { title: 'Session s1' },
    );
    expect(markdown).toBe(
      [
        '# Session s1',
        '',
        '### User (build) · 2026-04-08T09:00:00Z',
        '',
        'Why does login fail?',
        '',
        '### Tool call · 2026-04-08T09:00:00Z',
        '',
        '**Tool call** `Read` (call_1)',
        '',
        '```json',
        '{',
        '  "file_path": "src/auth.ts"',
        '}',
        '```',
        '',
        '### Tool result · 2026-04-08T09:00:00Z',
        '',
        '**Tool result** `Read` (call_1)',
        '',
        '````text',
        'const a = ```x```;',
        '````',
        '',
        '---',
        '',
        '*Context compacted (auto)*',
        '',
        '---',
        '',
        '### Assistant · 2026-04-08T09:00:00Z',
        '',
        'Fixed.',
        '',
      ].join('\n'),
    );
  });
});
