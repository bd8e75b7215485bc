/**
 * Media types each known provider accepts as attachments (image/file parts, tool-output media).
 * `type/*` matches every subtype. Unknown providers are not listed: they keep everything.
 */
const ACCEPTED_MEDIA_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ['anthropic', ['image/*', 'application/pdf', 'text/plain']],
  ['openai', ['image/*', 'application/pdf']],
  ['google', ['image/*', 'application/pdf', 'audio/*', 'video/*', 'text/*']],
]);

/** Provider ids that share another's capabilities. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['azure', 'openai'],
  ['google-vertex', 'google'],
]);

/**
 * True when `provider` can take an attachment of `mediaType`. The provider id is matched on its
 * part before the first dot, case-insensitively (`anthropic.messages` is `anthropic`); media-type
 * parameters (`;charset=…`) are ignored. An unknown provider accepts everything: the projection
 * cannot know better, and the provider will say so.
 */
export function supportsAttachment(provider: string, mediaType: string): boolean {
  const name = provider.toLowerCase().split('.')[0] ?? '';
  const accepted = ACCEPTED_MEDIA_TYPES.get(ALIASES.get(name) ?? name);
  if (accepted === undefined) return true;
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return accepted.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern,
  );
}
