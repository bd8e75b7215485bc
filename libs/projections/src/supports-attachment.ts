import type { AttachmentRule, ProviderCapabilities } from './providers/provider-capabilities';

/** Where an attachment would be sent: each place has its own rule in a provider's table. */
export type AttachmentPlace = 'user-message' | 'assistant-message' | 'tool-result';

/** An attachment the model view would send, as the provider adapter will see it. */
export interface AttachmentToSend {
  place: AttachmentPlace;
  /** `type/*` when only the top-level type is known (an image part without a media type). */
  mediaType: string;
  /** The data is a URL (`https:`, `gs:`…), not inline bytes. */
  url: boolean;
}

/**
 * True when the provider described by `capabilities` takes the attachment where it would be
 * sent. A user message's file part of an `image/…` type follows the image rule, as the adapters
 * send such files as images. Media-type parameters (`;charset=…`) and case are ignored. A type
 * with an unknown subtype (`image/*`) is taken when the rule takes any subtype of it: the AI SDK
 * detects an image's type from its bytes before the adapter sees it.
 */
export function supportsAttachment(
  capabilities: ProviderCapabilities,
  attachment: AttachmentToSend,
): boolean {
  const mediaType = (attachment.mediaType.split(';')[0] ?? '').trim().toLowerCase();
  const rule = ruleFor(capabilities, attachment.place, mediaType);
  if (attachment.url && !rule.urls) return false;
  const topLevel = mediaType.endsWith('/*') ? mediaType.slice(0, -1) : undefined;
  return rule.mediaTypes.some((pattern) => {
    if (topLevel !== undefined) return pattern.startsWith(topLevel);
    return pattern.endsWith('/*')
      ? mediaType.startsWith(pattern.slice(0, -1))
      : mediaType === pattern;
  });
}

function ruleFor(
  capabilities: ProviderCapabilities,
  place: AttachmentPlace,
  mediaType: string,
): AttachmentRule {
  switch (place) {
    case 'user-message':
      return mediaType.startsWith('image/') ? capabilities.userImages : capabilities.userFiles;
    case 'assistant-message':
      return capabilities.assistantFiles;
    case 'tool-result':
      return capabilities.toolResultMedia;
    default: {
      const unreachable: never = place;
      return unreachable;
    }
  }
}
