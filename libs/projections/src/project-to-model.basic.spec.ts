import { projectToModel } from './project-to-model';
import {
  agentSwitch,
  assistantText,
  boundary,
  handoff,
  history,
  reasoning,
  reminder,
  summary,
  systemNote,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import { modelMessage } from './testing/expected-model-message';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };
const noDiagnostics = { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] };

describe('projectToModel', () => {
  describe('totality', () => {
    it('projects an empty history to an empty view', () => {
      expect(projectToModel([], context)).toEqual({ messages: [], diagnostics: noDiagnostics });
    });
  });

  describe('rule 1: only messages eligible for the model context', () => {
    it('hides a message with eligibleForModelContext false and reports it', () => {
      const messages = history(
        systemNote('m1', 'Workspace root is /repo'),
        userInput('m2', 'hi'),
        assistantText('m3', 'internal', { eligibleForModelContext: false }),
        assistantText('m4', 'hello', { eligibleForModelContext: true }),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('m1', 'system', 'system_note', 'Workspace root is /repo'),
          modelMessage('m2', 'user', 'user_input', 'hi'),
          modelMessage('m4', 'assistant', 'assistant_text', 'hello'),
        ],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['m3'] },
      });
    });
  });

  describe('rule 2: only the window from the latest compact boundary on', () => {
    it('hides everything before the boundary and names the boundary', () => {
      const messages = history(
        userInput('u1', 'old question'),
        assistantText('a1', 'old answer'),
        boundary('b1'),
        userInput('u2', 'new question'),
        assistantText('a2', 'new answer'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('u2', 'user', 'user_input', 'new question'),
          modelMessage('a2', 'assistant', 'assistant_text', 'new answer'),
        ],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['u1', 'a1', 'b1'],
          appliedCompactBoundaryId: 'b1',
        },
      });
    });

    it('applies the latest of several boundaries', () => {
      const messages = history(
        userInput('u1', 'one'),
        boundary('b1'),
        userInput('u2', 'two'),
        boundary('b2'),
        userInput('u3', 'three'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [modelMessage('u3', 'user', 'user_input', 'three')],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['u1', 'b1', 'u2', 'b2'],
          appliedCompactBoundaryId: 'b2',
        },
      });
    });

    it('keeps the whole history when applyCompactBoundary is false', () => {
      const messages = history(userInput('u1', 'one'), boundary('b1'), userInput('u2', 'two'));
      expect(projectToModel(messages, { ...context, applyCompactBoundary: false })).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'one'),
          modelMessage('u2', 'user', 'user_input', 'two'),
        ],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['b1'] },
      });
    });
  });

  describe('rule 3: a compact boundary never enters the model view', () => {
    it('hides a trailing boundary even when marked eligible', () => {
      const messages = history(
        userInput('u1', 'one'),
        boundary('b1', { eligibleForModelContext: true }),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['u1', 'b1'],
          appliedCompactBoundaryId: 'b1',
        },
      });
    });
  });

  describe('rule 4: the compact summary of the applied boundary starts the context', () => {
    const applied = (hidden: string[]) => ({
      ...noDiagnostics,
      hiddenMessageIds: hidden,
      appliedCompactBoundaryId: 'b1',
    });

    it('keeps a summary written right after its boundary', () => {
      const messages = history(
        userInput('u1', 'one'),
        boundary('b1'),
        summary('s1', 'We discussed one.', 'b1'),
        userInput('u2', 'two'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('s1', 'user', 'compact_summary', 'We discussed one.'),
          modelMessage('u2', 'user', 'user_input', 'two'),
        ],
        diagnostics: applied(['u1', 'b1']),
      });
    });

    it('pulls in a summary written just before its boundary', () => {
      const messages = history(
        userInput('u1', 'one'),
        summary('s1', 'We discussed one.', 'b1'),
        boundary('b1'),
        userInput('u2', 'two'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('s1', 'user', 'compact_summary', 'We discussed one.'),
          modelMessage('u2', 'user', 'user_input', 'two'),
        ],
        diagnostics: applied(['u1', 'b1']),
      });
    });

    it('moves the summary ahead of messages written between it and its boundary, after the system text', () => {
      const messages = history(
        boundary('b1'),
        userInput('u1', 'one'),
        systemNote('n1', 'Workspace root is /repo'),
        summary('s1', 'We discussed one.', 'b1'),
        userInput('u2', 'two'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('s1', 'user', 'compact_summary', 'We discussed one.'),
          modelMessage('u1', 'user', 'user_input', 'one'),
          modelMessage('n1', 'system', 'system_note', 'Workspace root is /repo'),
          modelMessage('u2', 'user', 'user_input', 'two'),
        ],
        diagnostics: applied(['b1']),
      });
    });

    it('uses the latest of two summaries of the same boundary', () => {
      const messages = history(
        boundary('b1'),
        summary('s1', 'first try', 'b1'),
        summary('s2', 'second try', 'b1'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [modelMessage('s2', 'user', 'compact_summary', 'second try')],
        diagnostics: applied(['b1', 's1']),
      });
    });

    it('drops the summary of an older boundary, even inside the window', () => {
      const messages = history(
        boundary('b0'),
        boundary('b1'),
        summary('s0', 'older summary', 'b0'),
        summary('s1', 'latest summary', 'b1'),
        userInput('u1', 'go on'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('s1', 'user', 'compact_summary', 'latest summary'),
          modelMessage('u1', 'user', 'user_input', 'go on'),
        ],
        diagnostics: applied(['b0', 'b1', 's0']),
      });
    });

    it('drops summaries when boundaries are not applied: the history they restate is shown', () => {
      const messages = history(
        userInput('u1', 'one'),
        boundary('b1'),
        summary('s1', 'We discussed one.', 'b1'),
        userInput('u2', 'two'),
      );
      expect(projectToModel(messages, { ...context, applyCompactBoundary: false })).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'one'),
          modelMessage('u2', 'user', 'user_input', 'two'),
        ],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['b1', 's1'] },
      });
    });

    it('keeps in place a summary with no boundary, or naming a boundary not in the input', () => {
      const messages = history(
        summary('s0', 'no boundary named'),
        summary('s1', 'boundary elsewhere', 'b-missing'),
        userInput('u1', 'go on'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('s0', 'user', 'compact_summary', 'no boundary named'),
          modelMessage('s1', 'user', 'compact_summary', 'boundary elsewhere'),
          modelMessage('u1', 'user', 'user_input', 'go on'),
        ],
        diagnostics: noDiagnostics,
      });
    });
  });

  describe('rule 5: runtime reminders are injected by policy', () => {
    const messages = history(
      reminder('r0', 'stale reminder'),
      boundary('b1'),
      userInput('u1', 'fix it'),
      reminder('r1', 'Plan mode is on'),
      assistantText('a1', 'ok'),
    );

    it('includes every reminder of the window by default and lists them as injected', () => {
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'fix it'),
          modelMessage('r1', 'system', 'runtime_reminder', 'Plan mode is on'),
          modelMessage('a1', 'assistant', 'assistant_text', 'ok'),
        ],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['r0', 'b1'],
          appliedCompactBoundaryId: 'b1',
          injectedNotes: ['r1'],
        },
      });
    });

    it('hides reminders when injectRuntimeReminder is false', () => {
      expect(projectToModel(messages, { ...context, injectRuntimeReminder: false })).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'fix it'),
          modelMessage('a1', 'assistant', 'assistant_text', 'ok'),
        ],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['r0', 'b1', 'r1'],
          appliedCompactBoundaryId: 'b1',
        },
      });
    });
  });

  describe('reasoning: includeReasoning', () => {
    const messages = history(
      userInput('u1', 'one'),
      reasoning('t1', 'thinking about one'),
      assistantText('a1', 'answer one'),
      userInput('u2', 'two'),
      reasoning('t2', 'thinking about two'),
      toolCall('c1', 'call_1'),
      toolResult('r1', 'call_1', 'file'),
      reasoning('t3', 'thinking after the tool'),
    );
    const call = modelMessage('c1', 'assistant', 'tool_call', [
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
    ]);
    const result = modelMessage('r1', 'tool', 'tool_result', [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'Read',
        output: { type: 'text', value: 'file' },
      },
    ]);

    it('by default replays only the reasoning of the current turn (after the last user input)', () => {
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'one'),
          modelMessage('a1', 'assistant', 'assistant_text', 'answer one'),
          modelMessage('u2', 'user', 'user_input', 'two'),
          modelMessage('t2', 'assistant', 'assistant_reasoning', 'thinking about two'),
          call,
          result,
          modelMessage('t3', 'assistant', 'assistant_reasoning', 'thinking after the tool'),
        ],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['t1'] },
      });
    });

    it('replays all reasoning when true and none when false', () => {
      expect(projectToModel(messages, { ...context, includeReasoning: true }).diagnostics).toEqual(
        noDiagnostics,
      );
      expect(projectToModel(messages, { ...context, includeReasoning: false }).diagnostics).toEqual(
        { ...noDiagnostics, hiddenMessageIds: ['t1', 't2', 't3'] },
      );
    });
  });

  describe('agent and hand-off', () => {
    it('sends a hand-off summary to the model', () => {
      const messages = history(handoff('h1', 'The plan agent found the bug in login().'));
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage('h1', 'user', 'handoff_summary', 'The plan agent found the bug in login().'),
        ],
        diagnostics: noDiagnostics,
      });
    });

    it('hides an agent switch note', () => {
      const messages = history(
        userInput('u1', 'fix it'),
        agentSwitch('w1', { type: 'agent-switch', fromAgent: 'plan', toAgent: 'build' }),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [modelMessage('u1', 'user', 'user_input', 'fix it')],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['w1'] },
      });
    });

    it('sends a switch note tagged system-reminder as a runtime reminder, by reminder policy', () => {
      const messages = history(
        agentSwitch(
          'w1',
          { type: 'agent-switch', fromAgent: 'plan', toAgent: 'build', reason: 'plan approved' },
          { tags: ['system-reminder'] },
        ),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage(
            'w1',
            'system',
            'runtime_reminder',
            'Active agent changed from "plan" to "build". Reason: plan approved',
          ),
        ],
        diagnostics: { ...noDiagnostics, injectedNotes: ['w1'] },
      });
      expect(projectToModel(messages, { ...context, injectRuntimeReminder: false })).toEqual({
        messages: [],
        diagnostics: { ...noDiagnostics, hiddenMessageIds: ['w1'] },
      });
    });
  });
});
