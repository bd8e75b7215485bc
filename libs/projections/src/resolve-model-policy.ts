import type { BlobExcerpts } from './blob-excerpt';
import type { BlobAttachments } from './inline-blob-attachments';
import { DEFAULT_RECENT_USER_TURNS } from './defaults';
import { toolResultSoftLimitOf } from './tool-result-soft-limit-of';
import { providerCapabilitiesOf } from './providers/provider-capabilities-of';
import { supportsAttachment, type AttachmentToSend } from './supports-attachment';
import type { ProjectToModelOptions, ProjectionContext } from './types';

/** Which attachments may be sent, and the words that explain an omission. */
export interface AttachmentPolicy {
  supports: (attachment: AttachmentToSend) => boolean;
  /** Ends the hint: `[Attachment omitted: <name> (<type>) — <reason>]`. */
  reason: string;
}

/** Every model-view rule setting, defaults applied. */
export interface ModelPolicy {
  applyCompactBoundary: boolean;
  injectRuntimeReminder: boolean;
  /** System notes before the applied boundary stay (unless tagged `until-compaction`). */
  carrySystemNotes: boolean;
  /** Reasoning recorded by another agent is left out. */
  activeAgentName: string;
  /** `undefined`: only the reasoning of the current turn. */
  includeReasoning: boolean | undefined;
  includeToolResults: boolean;
  toolResultSoftLimitChars: number;
  recentUserTurns: number;
  /** The blob outputs' excerpts read for `toolResultSoftLimitChars` (none: previews). */
  blobExcerpts?: BlobExcerpts;
  /** The text blobs' excerpts (whole for the latest turn when they fit, else head and tail). */
  blobTextExcerpts?: BlobExcerpts;
  /** The attachment blobs' bytes, read whole (none: notes in their place). */
  blobAttachments?: BlobAttachments;
  /** Absent (no provider, or one without a capability table): every attachment is kept. */
  attachments?: AttachmentPolicy;
}

/** Applies the documented defaults to a projection context; odd numbers fall back to defaults. */
export function resolveModelPolicy(
  context: ProjectionContext,
  options: ProjectToModelOptions = {},
): ModelPolicy {
  const provider = context.provider;
  const policy: ModelPolicy = {
    applyCompactBoundary: context.applyCompactBoundary !== false,
    injectRuntimeReminder: context.injectRuntimeReminder !== false,
    carrySystemNotes: context.carrySystemNotes !== false,
    activeAgentName: context.activeAgentName,
    includeReasoning: context.includeReasoning,
    includeToolResults: context.includeToolResults !== false,
    toolResultSoftLimitChars: toolResultSoftLimitOf(context.toolResultSoftLimitChars),
    recentUserTurns: countOr(options.recentUserTurns, DEFAULT_RECENT_USER_TURNS),
    ...(context.blobExcerpts === undefined ? {} : { blobExcerpts: context.blobExcerpts }),
    ...(context.blobTextExcerpts === undefined
      ? {}
      : { blobTextExcerpts: context.blobTextExcerpts }),
    ...(context.blobAttachments === undefined ? {} : { blobAttachments: context.blobAttachments }),
  };
  const capabilities = providerCapabilitiesOf(provider);
  if (provider === undefined || capabilities === undefined) return policy;
  let attachments = attachmentPolicies.get(provider);
  if (attachments === undefined) {
    attachments = {
      supports: (attachment) => supportsAttachment(capabilities, attachment),
      reason: `not supported by provider "${provider}"`,
    };
    attachmentPolicies.set(provider, attachments);
  }
  return { ...policy, attachments };
}

/** One attachment policy per provider, so that policies for one provider share it (by identity). */
const attachmentPolicies = new Map<string, AttachmentPolicy>();

function countOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}
