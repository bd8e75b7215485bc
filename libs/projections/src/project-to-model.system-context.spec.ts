import { projectToDebug } from './project-to-debug';
import { projectToModel } from './project-to-model';
import {
  assistantText,
  boundary,
  history,
  reasoning,
  sourceIds,
  summary,
  systemNote,
  userInput,
} from './testing/build-messages';
import { modelMessage } from './testing/expected-model-message';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };

describe('projectToModel: the system context survives compaction', () => {
  const compacted = history(
    systemNote('n1', 'You are a coding agent. Workspace root is /repo'),
    userInput('u1', 'fix the login'),
    assistantText('a1', 'Done.'),
    boundary('b1'),
    summary('s1', 'The user asked to fix the login; it was fixed.', 'b1'),
    userInput('u2', 'now add a test'),
  );

  it('carries the system notes before the boundary over, first, then the summary', () => {
    expect(projectToModel(compacted, context)).toEqual({
      messages: [
        modelMessage(
          'n1',
          'system',
          'system_note',
          'You are a coding agent. Workspace root is /repo',
        ),
        modelMessage(
          's1',
          'user',
          'compact_summary',
          'The user asked to fix the login; it was fixed.',
        ),
        modelMessage('u2', 'user', 'user_input', 'now add a test'),
      ],
      diagnostics: {
        hiddenMessageIds: ['u1', 'a1', 'b1'],
        truncatedMessageIds: [],
        injectedNotes: [],
        appliedCompactBoundaryId: 'b1',
      },
    });
  });

  it('says in the debug view that the note was carried over', () => {
    const debug = projectToDebug(compacted, context);
    expect(debug.messages[0]?.model).toEqual({
      status: 'shown',
      modelIndex: 0,
      semanticType: 'system_note',
      carriedOver: true,
    });
  });

  it('puts a system note recorded again after the boundary once, before the summary', () => {
    const messages = [
      ...compacted.slice(0, 5),
      systemNote('n2', 'You are a coding agent. Workspace root is /repo'),
      systemNote('n3', 'The test runner is jest.'),
      userInput('u2', 'now add a test'),
    ];
    const result = projectToModel(messages, context);
    expect(result.messages.map((message) => message.sourceMessageIds[0])).toEqual([
      'n1',
      'n3',
      's1',
      'u2',
    ]);
    expect(projectToDebug(messages, context).messages[5]?.model).toEqual({
      status: 'hidden',
      reason: 'system-note-repeated',
    });
  });

  it('leaves out a note tagged until-compaction, and every note with carrySystemNotes false', () => {
    const messages = [
      systemNote('n0', 'Plan mode is on.', { tags: ['until-compaction'] }),
      ...compacted,
    ];
    expect(sourceIds(projectToModel(messages, context))).toEqual(['n1', 's1', 'u2']);
    expect(projectToDebug(messages, context).messages[0]?.model).toEqual({
      status: 'hidden',
      reason: 'system-note-not-carried',
    });
    expect(sourceIds(projectToModel(messages, { ...context, carrySystemNotes: false }))).toEqual([
      's1',
      'u2',
    ]);
  });

  it('keeps a system note that is ineligible out, boundary or not', () => {
    const messages = [
      systemNote('n0', 'Old instructions', { eligibleForModelContext: false }),
      ...compacted,
    ];
    expect(sourceIds(projectToModel(messages, context))).toEqual(['n1', 's1', 'u2']);
  });

  it('does not repeat a system note recorded twice without a compaction', () => {
    const messages = history(
      systemNote('n1', 'Workspace root is /repo'),
      userInput('u1', 'hi'),
      systemNote('n2', 'Workspace root is /repo'),
    );
    expect(sourceIds(projectToModel(messages, context))).toEqual(['n1', 'u1']);
  });
});

describe('projectToModel: reasoning of another agent', () => {
  it('leaves out reasoning recorded by another agent than the active one', () => {
    const messages = history(
      userInput('u1', 'review this'),
      reasoning('r1', 'thinking as build', { agentName: 'build' }),
      reasoning('r2', 'thinking as review', { agentName: 'review' }),
      reasoning('r3', 'thinking, agent unknown'),
    );
    const result = projectToModel(messages, { ...context, activeAgentName: 'review' });
    expect(sourceIds(result)).toEqual(['u1', 'r2', 'r3']);
    expect(
      projectToDebug(messages, { ...context, activeAgentName: 'review' }).messages[1]?.model,
    ).toEqual({ status: 'hidden', reason: 'reasoning-of-other-agent' });
  });
});
