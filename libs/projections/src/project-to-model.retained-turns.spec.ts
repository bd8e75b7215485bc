import type { CompactBoundaryMessage } from '@agent-ledger/messages';
import { projectToCompact } from './project-to-compact';
import { projectToDebug } from './project-to-debug';
import { projectToModel } from './project-to-model';
import {
  assistantText,
  boundary,
  history,
  sourceIds,
  summary,
  systemNote,
  userInput,
} from './testing/build-messages';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };

/** A boundary that keeps the recent turns from `retainFromMessageId` on. */
function retainingBoundary(id: string, retainFromMessageId: string): CompactBoundaryMessage {
  return {
    ...boundary(id),
    content: { type: 'compact-boundary', trigger: 'auto', retainFromMessageId },
  };
}

const turns = [
  systemNote('n1', 'You are a coding agent.'),
  userInput('u1', 'one'),
  assistantText('a1', 'did one'),
  userInput('u2', 'two'),
  assistantText('a2', 'did two'),
  userInput('u3', 'three'),
  assistantText('a3', 'did three'),
];

describe('compaction that keeps recent turns (boundary content.retainFromMessageId)', () => {
  it('the model view: system notes, the summary, the kept turns, then what followed the boundary', () => {
    const messages = history(
      ...turns,
      retainingBoundary('b1', 'u2'),
      summary('s1', 'The user asked for one; it was done.', 'b1'),
      userInput('u4', 'four'),
    );
    const result = projectToModel(messages, context);
    expect(sourceIds(result)).toEqual(['n1', 's1', 'u2', 'a2', 'u3', 'a3', 'u4']);
    expect(result.diagnostics.hiddenMessageIds).toEqual(['u1', 'a1', 'b1']);
    expect(projectToDebug(messages, context).messages[1]?.model).toEqual({
      status: 'hidden',
      reason: 'before-compact-boundary:b1',
    });
  });

  it('a retained id that is not an earlier message leaves the window after the boundary', () => {
    const messages = history(...turns, retainingBoundary('b1', 'nope'), summary('s1', 'S', 'b1'));
    expect(sourceIds(projectToModel(messages, context))).toEqual(['n1', 's1']);
  });

  it('the compact view with keepRecentTurns summarizes what comes before the kept turns, and says where they start', () => {
    const result = projectToCompact(history(...turns), context, { keepRecentTurns: 2 });
    expect(sourceIds(result)).toEqual(['n1', 'u1', 'a1']);
    expect(result.diagnostics.retainFromMessageId).toBe('u2');
  });

  it('keepRecentTurns counts the turns of the window, after the latest boundary', () => {
    const messages = history(
      ...turns,
      retainingBoundary('b1', 'u3'),
      summary('s1', 'S', 'b1'),
      userInput('u4', 'four'),
      assistantText('a4', 'did four'),
    );
    const result = projectToCompact(messages, context, { keepRecentTurns: 1 });
    expect(result.diagnostics.retainFromMessageId).toBe('u4');
    expect(sourceIds(result)).toEqual(['n1', 's1', 'u3', 'a3']);
    expect(projectToCompact(messages, context).diagnostics.retainFromMessageId).toBeUndefined();
  });
});
