import type {
  DebugEntry,
  ProviderContextChangeEntry,
  SessionRepair,
  TranscriptEntry,
} from '@agent-ledger/client';

/** One reason the model view does what it does with a message. */
export interface WhyReason {
  kind:
    | 'shown'
    | 'hidden'
    | 'behind-boundary'
    | 'pruned'
    | 'truncated-to-stub'
    | 'truncated'
    | 'rewound'
    | 'moved'
    | 'repaired'
    | 'provider-dropped'
    | 'other';
  text: string;
}

/**
 * Every reason, not the first: the debug view's outcome (shown at an index, or hidden and why),
 * then what else holds of the message even when the outcome hides it — pruned (the transcript's
 * `compactedAt`: behind a boundary *and* pruned are two facts), truncated to the stub or cut, on an
 * abandoned branch, moved, each repair normalization made to it, and what a provider dropped on its
 * side (`providerChanges` of the debug view: a compaction that stands for it, an edit that cleared it).
 */
export function whyReasons(
  debug: DebugEntry,
  transcript: TranscriptEntry | undefined,
  repairs: readonly SessionRepair[],
  providerChanges: readonly ProviderContextChangeEntry[] = [],
): WhyReason[] {
  const model = debug.model as Record<string, unknown>;
  const reasons: WhyReason[] = [];
  const hiddenBy = typeof model['reason'] === 'string' ? model['reason'] : '';
  if (model['status'] === 'shown') {
    reasons.push({
      kind: 'shown',
      text: `The model sees it, as message ${String(model['modelIndex'])} of the context.`,
    });
  } else if (hiddenBy.startsWith('before-compact-boundary:')) {
    reasons.push({
      kind: 'behind-boundary',
      text: `The model does not see it: behind compact boundary ${hiddenBy.slice('before-compact-boundary:'.length)} (the summary stands for it).`,
    });
  } else if (!(hiddenBy === 'rewound' && debug.rewound === true)) {
    reasons.push({ kind: 'hidden', text: `The model does not see it: ${hiddenReason(hiddenBy)}.` });
  }
  if (debug.rewound === true || transcript?.rewound === true) {
    reasons.push({
      kind: 'rewound',
      text: 'On an abandoned branch: a rewind undid it, so it is off the current line.',
    });
  }
  const compacted = record(model['compacted']);
  const prunedAt =
    transcript?.compactedAt ??
    (typeof compacted['compactedAt'] === 'string' ? compacted['compactedAt'] : undefined);
  if (prunedAt !== undefined || compacted['cause'] === 'compacted') {
    reasons.push({
      kind: 'pruned',
      text: `Pruned${prunedAt === undefined ? '' : ` at ${prunedAt}`}: where the model sees it, it sees a stub instead of the output.`,
    });
  }
  if (typeof compacted['cause'] === 'string' && compacted['cause'] !== 'compacted') {
    reasons.push({
      kind: 'truncated-to-stub',
      text: `Truncated to the stub: ${stubCause(compacted['cause'])}.`,
    });
  }
  const truncated = record(model['truncated']);
  if (Object.keys(truncated).length > 0) {
    reasons.push({
      kind: 'truncated',
      text: `Truncated from ${String(truncated['originalLength'])} to ${String(truncated['keptLength'])} characters.`,
    });
  }
  const moved: Array<[string, string]> = [
    ['movedToStart', 'Moved to the start of the context (the applied summary).'],
    ['carriedOver', 'A system note carried over the compaction.'],
    ['injected', 'Injected by policy (a runtime reminder).'],
  ];
  for (const [flag, text] of moved) if (model[flag] === true) reasons.push({ kind: 'moved', text });
  const omitted = model['omittedAttachments'];
  if (Array.isArray(omitted) && omitted.length > 0) {
    reasons.push({
      kind: 'other',
      text: `Attachments the provider cannot take became text hints: ${omitted.join(', ')}.`,
    });
  }
  const dropped = model['droppedParts'];
  if (Array.isArray(dropped) && dropped.length > 0) {
    reasons.push({
      kind: 'other',
      text: `Parts dropped (their partner is not in the view): ${dropped.join(', ')}.`,
    });
  }
  for (const change of providerChanges) {
    if (change.change === 'provider-compacted' && change.coveredMessageIds.includes(debug.id)) {
      reasons.push({
        kind: 'provider-dropped',
        text: `Compacted by the provider (${change.provider}, revision ${change.revision}): ${change.family} models get its compaction instead; other providers get its readable summary, else this message.`,
      });
    }
    if (change.change === 'provider-edited' && change.clearedToolResultIds.includes(debug.id)) {
      reasons.push({
        kind: 'provider-dropped',
        text: `Cleared by the provider (${change.edits.map((edit) => edit.type).join(', ')}) from call ${change.callId}'s context: the model of that call did not see it.`,
      });
    }
  }
  for (const repair of repairs) {
    reasons.push({
      kind: 'repaired',
      text: `Repaired (${repair.type}, revision ${repair.revision}): ${repair.detail}`,
    });
  }
  return reasons;
}

function stubCause(cause: string): string {
  if (cause === 'tool-results-excluded')
    return 'every tool result is excluded (includeToolResults=false)';
  if (cause === 'older-than-recent-turns')
    return 'longer than the soft limit and older than the recent turns';
  return cause;
}

function hiddenReason(reason: string): string {
  if (reason.startsWith('summary-for-unapplied-boundary:'))
    return `the summary of boundary ${reason.slice('summary-for-unapplied-boundary:'.length)}, which is not applied`;
  const known: Record<string, string> = {
    'not-eligible': 'this kind never goes to the model',
    'compact-boundary': 'a compact boundary is a marker, never sent',
    'summary-superseded': 'a later summary replaced it',
    'reminder-not-injected': 'runtime reminders are not injected',
    'reasoning-excluded': 'reasoning is excluded here',
    'agent-switch-note': 'agent switch notes are for people',
    'dangling-tool-call': 'a tool call without a result',
    'dangling-tool-result': 'a tool result without its call',
    'system-note-repeated': 'the same system note is already in the context',
    'system-note-not-carried': 'a system note that does not carry over the compaction',
    'reasoning-of-other-agent': 'reasoning of another agent',
    rewound: 'a rewind undid it',
  };
  return known[reason] ?? (reason === '' ? 'no reason recorded' : reason);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
