import {
  derivedOnce,
  type CompactBoundaryMessage,
  type RuntimeMessage,
} from '@agent-ledger/messages';
import { blobTextExcerptsKey } from './blob-text-excerpts-key';
import { findCompactWindow } from './find-compact-window';
import { pairToolParts } from './pair-tool-parts';
import { projectModelMessage, type ModelMessageSelection } from './project-model-message';
import type { AttachmentPolicy, ModelPolicy } from './resolve-model-policy';
import { selectForModel, type ModelSelection } from './select-for-model';
import type {
  ModelHiddenOutcome,
  ModelMessage,
  ModelOutcome,
  ModelShownOutcome,
  ProjectionResult,
} from './types';

/** The model view and, for every input message by position, what happened to it and why. */
export interface ModelViewPlan {
  result: ProjectionResult<ModelMessage>;
  outcomes: ModelOutcome[];
  /** The texts of the system notes the view kept, in order (later equal notes are repeats). */
  systemTexts: string[];
}

/**
 * What a part of a longer message list needs from the rest of it to be planned alone (see
 * `projectModelViewPart`): indexes are the part's own.
 */
export interface ModelViewPartContext {
  /** Index of the current turn's user input in the part; `Infinity` when the turn is later. */
  currentTurnStart?: number;
  /** Tool results before this index are older than the recent user turns. */
  cutoff?: number;
  /** Texts of the system notes kept before the part: an equal note in it is a repeat. */
  priorSystemTexts?: ReadonlySet<string>;
}

interface Candidate {
  index: number;
  message: Exclude<RuntimeMessage, CompactBoundaryMessage>;
  selection: Extract<ModelSelection, { status: 'candidate' }>;
}

/**
 * Applies every model-view rule once and records each message's outcome, so that the model view
 * and the debug view cannot disagree. Steps: find the window, select message by message, put the
 * applied boundary's summary first, pair tool parts, then project each kept message (tool results
 * before the recent user turns count as older). `withOutcomes: false` (the model view alone)
 * leaves `outcomes` empty and spares building them.
 */
export function planModelView(
  messages: readonly RuntimeMessage[],
  policy: ModelPolicy,
  withOutcomes = true,
  part: ModelViewPartContext = {},
): ModelViewPlan {
  const window = findCompactWindow(messages, policy.applyCompactBoundary);
  const windowStart = window.applied === undefined ? 0 : window.applied.windowStart;
  const currentTurnStart =
    part.currentTurnStart ??
    messages.findLastIndex((message, index) => isKeptUserInput(message, index, windowStart));
  const hidden: Array<ModelHiddenOutcome | undefined> = new Array<undefined>(messages.length);
  const selected: Candidate[] = [];
  const systemTexts = new Set<string>(part.priorSystemTexts);
  const keptSystemTexts: string[] = [];
  const scope = { policy, window, currentTurnStart };
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as RuntimeMessage;
    const selection = selectForModel(message, index, scope);
    if (selection.status === 'hidden') hidden[index] = selection;
    else if (message.kind === 'system_note' && systemTexts.has(message.content)) {
      hidden[index] = { status: 'hidden', reason: 'system-note-repeated' };
    } else if (message.kind !== 'compact_boundary') {
      if (message.kind === 'system_note') {
        systemTexts.add(message.content);
        keptSystemTexts.push(message.content);
      }
      selected.push({ index, message, selection });
    }
  }
  const candidates = inContextOrder(selected);

  const paired = pairToolParts(
    messages,
    candidates.map((candidate) => candidate.message),
  );
  const kept: Array<Candidate & { droppedParts: string[] }> = [];
  candidates.forEach((candidate, position) => {
    const pairing = paired[position];
    if (pairing === undefined) return;
    if (pairing.status === 'hidden') hidden[candidate.index] = pairing;
    else {
      kept.push({
        index: candidate.index,
        message: pairing.message,
        selection: candidate.selection,
        droppedParts: pairing.droppedParts,
      });
    }
  });

  const cutoff = part.cutoff ?? recentTurnsStart(kept, policy.recentUserTurns);
  const result: ProjectionResult<ModelMessage> = {
    messages: [],
    diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
  };
  if (window.applied !== undefined) result.diagnostics.appliedCompactBoundaryId = window.applied.id;
  const shown: Array<ModelShownOutcome | undefined> = withOutcomes
    ? new Array<undefined>(messages.length)
    : [];
  const policyKey = projectionKeyOf(policy);
  for (const candidate of kept) {
    const older = candidate.index < cutoff;
    const projected = projectedOnce(
      candidate.message,
      candidate.selection,
      candidate.droppedParts,
      older,
      policy,
      policyKey,
    );
    if (withOutcomes) {
      shown[candidate.index] = { ...projected.outcome, modelIndex: result.messages.length };
    }
    result.messages.push(projected.message);
    if (projected.reduced) result.diagnostics.truncatedMessageIds.push(candidate.message.id);
    if (candidate.selection.injected) result.diagnostics.injectedNotes.push(candidate.message.id);
  }
  const outcomes: ModelOutcome[] = [];
  messages.forEach((message, index) => {
    const hiddenOutcome = hidden[index];
    if (hiddenOutcome !== undefined) result.diagnostics.hiddenMessageIds.push(message.id);
    if (!withOutcomes) return;
    // Every message was hidden by selection or pairing, or projected; the fallback is unreachable.
    outcomes.push(hiddenOutcome ?? shown[index] ?? { status: 'hidden', reason: 'not-eligible' });
  });
  return { result, outcomes, systemTexts: keptSystemTexts };
}

/**
 * A user input the model view keeps: eligible, and in the window (from `windowStart` on). Selection
 * keeps it and pairing never drops it, so these are the turns the current turn and the recent
 * turns count.
 */
export function isKeptUserInput(
  message: RuntimeMessage,
  index: number,
  windowStart: number,
): boolean {
  return (
    index >= windowStart &&
    message.kind === 'user_input' &&
    message.metadata?.eligibleForModelContext !== false
  );
}

/**
 * The order of the context: the system text first (system notes carried over the applied boundary,
 * then those opening the window), then the applied boundary's summary, then the rest in log order.
 * `selected` is in log order, so taking the three ranks in turn keeps log order within each.
 */
function inContextOrder(selected: readonly Candidate[]): Candidate[] {
  const firstOther = selected.findIndex(
    (candidate) =>
      candidate.selection.carriedOver !== true &&
      candidate.selection.movedToStart !== true &&
      candidate.message.kind !== 'system_note',
  );
  const ranked: [Candidate[], Candidate[], Candidate[]] = [[], [], []];
  selected.forEach((candidate, position) => {
    if (candidate.message.kind === 'system_note' && (firstOther === -1 || position < firstOther)) {
      ranked[0].push(candidate);
    } else ranked[candidate.selection.movedToStart === true ? 1 : 2].push(candidate);
  });
  if (ranked[0].length === 0 && ranked[1].length === 0) return ranked[2];
  return [...ranked[0], ...ranked[1], ...ranked[2]];
}

/** Input index of the first of the last `turns` user inputs kept; tool results before it are older. */
function recentTurnsStart(kept: readonly Candidate[], turns: number): number {
  if (turns === 0) return Number.POSITIVE_INFINITY;
  let seen = 0;
  for (let position = kept.length - 1; position >= 0; position -= 1) {
    const candidate = kept[position] as Candidate;
    if (candidate.message.kind !== 'user_input') continue;
    seen += 1;
    if (seen === turns) return candidate.index;
  }
  return -1;
}

/**
 * `projectModelMessage`, made once per message, selection and policy key (`projectionKeyOf`): the same message of a
 * cached log projected the same way on the next request is the same object (frozen), so a long
 * session costs the projection of what changed, not of every message again.
 */
function projectedOnce(
  message: Candidate['message'],
  selection: Candidate['selection'],
  droppedParts: string[],
  older: boolean,
  policy: ModelPolicy,
  policyKey: string,
): ReturnType<typeof projectModelMessage> {
  const { semanticType, injected, movedToStart, carriedOver } = selection;
  // Only a tool result is projected differently when older: another message keeps its copy (the
  // same object) as the recent-turns cutoff moves past it, and what is derived from it stays too.
  const aged = older && message.kind === 'tool_result';
  // Every field of the selection, each in its own slot (`droppedParts` ids joined last).
  // A text kept as a blob is sent whole in the latest turn and cut in earlier ones: what was read
  // of it (the excerpts' lengths) is part of the key, so a message the cutoff moved past is
  // projected again.
  const texts = blobTextExcerptsKey([message], policy.blobTextExcerpts);
  const key = `${policyKey}|${semanticType}|${flag(injected)}${flag(movedToStart)}${flag(carriedOver)}${flag(aged)}|${texts}|${droppedParts.join('\u0000')}`;
  return derivedOnce(message, key, (runtime) => {
    const projection: ModelMessageSelection = { semanticType, droppedParts, older: aged };
    if (injected !== undefined) projection.injected = injected;
    if (movedToStart !== undefined) projection.movedToStart = movedToStart;
    if (carriedOver !== undefined) projection.carriedOver = carriedOver;
    return projectModelMessage(runtime, projection, policy);
  });
}

/**
 * The policy settings one kept message's projection reads, as a key: the attachment policy (by
 * identity: `resolveModelPolicy` gives one per provider), the tool result settings.
 */
function projectionKeyOf(policy: ModelPolicy): string {
  const attachments =
    policy.attachments === undefined ? 'all' : attachmentPolicyId(policy.attachments);
  return `${attachments}|${flag(policy.includeToolResults)}|${policy.toolResultSoftLimitChars}`;
}

const attachmentPolicyIds = new WeakMap<AttachmentPolicy, number>();
let nextAttachmentPolicyId = 0;

function attachmentPolicyId(attachments: AttachmentPolicy): number {
  let id = attachmentPolicyIds.get(attachments);
  if (id === undefined) {
    id = nextAttachmentPolicyId;
    nextAttachmentPolicyId += 1;
    attachmentPolicyIds.set(attachments, id);
  }
  return id;
}

function flag(value: boolean | undefined): string {
  return value === true ? '1' : '0';
}
