import fc from 'fast-check';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { projectToCompact } from './project-to-compact';
import { projectToDebug } from './project-to-debug';
import { projectToExport } from './project-to-export';
import { projectToModel } from './project-to-model';
import { projectToTranscript } from './project-to-transcript';
import { renderExportMarkdown } from './render-export-markdown';
import { projectionContext, runtimeHistory } from './testing/runtime-message-arbitraries';
import type { ModelMessage } from './types';

const allSourceIds = (result: { messages: Array<{ sourceMessageIds: string[] }> }) =>
  result.messages.flatMap((message) => message.sourceMessageIds);

const partsOf = (messages: ModelMessage[]) =>
  messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));

describe('projections: properties over any history', () => {
  it('never throw, whatever the history and options', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        projectToModel(messages, context);
        projectToTranscript(messages, context);
        projectToCompact(messages, context);
        projectToDebug(messages, context);
        renderExportMarkdown(projectToExport(messages, context));
      }),
    );
  });

  it('never throw on duplicate ids or empty part lists either', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const odd: RuntimeMessage[] = messages.map((message) =>
          message.kind === 'tool_call' ? { ...message, id: 'dup', content: [] } : message,
        );
        projectToModel(odd, context);
        projectToDebug(odd, context);
        projectToExport(odd, context);
      }),
    );
  });

  it('name only real messages in sourceMessageIds, in every view', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const ids = new Set(messages.map((message) => message.id));
        const views = [
          projectToModel(messages, context),
          projectToTranscript(messages, context),
          projectToCompact(messages, context),
          projectToDebug(messages, context),
          projectToExport(messages, context),
        ];
        expect(views.flatMap(allSourceIds).filter((id) => !ids.has(id))).toEqual([]);
      }),
    );
  });

  it('show the model only what the transcript shows, save messages hidden from the transcript', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const transcriptIds = new Set(allSourceIds(projectToTranscript(messages, context)));
        const hiddenFromTranscript = new Set(
          messages
            .filter((message) => message.metadata?.visibleInTranscript === false)
            .map((message) => message.id),
        );
        const outside = allSourceIds(projectToModel(messages, context)).filter(
          (id) => !transcriptIds.has(id) && !hiddenFromTranscript.has(id),
        );
        expect(outside).toEqual([]);
      }),
    );
  });

  it('debug accounts for every input message: hidden as the model says, or shown where it is', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const model = projectToModel(messages, context);
        const debug = projectToDebug(messages, context);
        expect(debug.messages.map((message) => message.id)).toEqual(
          messages.map((message) => message.id),
        );
        expect(
          debug.messages
            .filter((message) => message.model.status === 'hidden')
            .map((message) => message.id),
        ).toEqual(model.diagnostics.hiddenMessageIds);
        const shown = debug.messages.flatMap((message) =>
          message.model.status === 'shown' ? [[message.model.modelIndex, message.id]] : [],
        );
        expect(shown.sort(([a], [b]) => Number(a) - Number(b))).toEqual(
          model.messages.map((message, index) => [index, message.sourceMessageIds[0]]),
        );
        expect(debug.diagnostics).toEqual(model.diagnostics);
      }),
    );
  });

  it('keep the model view free of dangling tool results and cut tool calls', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const parts = partsOf(projectToModel(messages, context).messages);
        const calls = new Set(parts.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : [])));
        const results = new Set(
          parts.flatMap((p) => (p.type === 'tool-result' ? [p.toolCallId] : [])),
        );
        const resultsInInput = new Set(
          messages
            .flatMap((m) => (m.kind === 'tool_result' ? m.content : []))
            .map((p) => p.toolCallId),
        );
        expect([...results].filter((id) => !calls.has(id))).toEqual([]);
        expect([...calls].filter((id) => resultsInInput.has(id) && !results.has(id))).toEqual([]);
      }),
    );
  });

  it('never show the model a boundary or a message before the applied boundary but carried system notes', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        const result = projectToModel(messages, context);
        const position = new Map(messages.map((message, index) => [message.id, index]));
        const boundaryId = result.diagnostics.appliedCompactBoundaryId;
        const boundaryIndex = boundaryId === undefined ? -1 : (position.get(boundaryId) ?? -1);
        const early = result.messages.filter(
          (message) =>
            message.semanticType !== 'compact_summary' &&
            message.semanticType !== 'system_note' &&
            (position.get(message.sourceMessageIds[0] ?? '') ?? -1) < boundaryIndex,
        );
        expect(early).toEqual([]);
        const boundaries = allSourceIds(result).filter(
          (id) => messages[position.get(id) ?? -1]?.kind === 'compact_boundary',
        );
        expect(boundaries).toEqual([]);
      }),
    );
  });

  it('are deterministic: the same input gives the same output', () => {
    fc.assert(
      fc.property(runtimeHistory, projectionContext, (messages, context) => {
        expect(projectToDebug(messages, context)).toEqual(projectToDebug(messages, context));
        expect(projectToExport(messages, context)).toEqual(projectToExport(messages, context));
      }),
    );
  });
});
