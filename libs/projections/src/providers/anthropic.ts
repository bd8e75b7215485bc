import type { ProviderCapabilities } from './provider-capabilities';

/** Image media types of the Claude API (JPEG, PNG, GIF, WebP). */
const CLAUDE_IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * Anthropic's Messages API through `@ai-sdk/anthropic` (provider id `anthropic.messages`).
 * Adapter facts are from `convertToAnthropicMessagesPrompt` in
 * `node_modules/@ai-sdk/anthropic/dist/index.mjs` (3.0.x).
 */
export const ANTHROPIC_CAPABILITIES: ProviderCapabilities = {
  family: 'anthropic',
  // https://platform.claude.com/docs/en/build-with-claude/vision: JPEG, PNG, GIF and WebP, as
  // base64, URL or Files API sources. The adapter sends any `image/…` file part as an image block
  // with the media type it was given (`image/*` becomes `image/jpeg`), so an `image/heic` reaches
  // the API, which rejects the request. http(s) URLs are sent as `url` sources.
  userImages: { mediaTypes: CLAUDE_IMAGES, urls: true },
  // https://platform.claude.com/docs/en/build-with-claude/pdf-support and
  // https://platform.claude.com/docs/en/build-with-claude/citations (document blocks: PDFs and
  // plain text). The adapter makes `application/pdf` a base64 document and `text/plain` a text
  // document, and throws `UnsupportedFunctionalityError` ("media type: …") on any other type.
  userFiles: { mediaTypes: ['application/pdf', 'text/plain'], urls: true },
  // The Messages API has no file blocks in assistant turns; the adapter's assistant branch has no
  // `file` case, so such parts are dropped without a warning (which can empty the message).
  assistantFiles: { mediaTypes: [], urls: false },
  // https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use (tool_result
  // content: text, image and document blocks). The adapter turns `image-data` items into image
  // blocks with their media type unchecked (so only the vision types are safe) and `file-data`
  // items into documents only for `application/pdf`; any other file (`text/plain` included) is
  // dropped with the warning "unsupported tool content part type: file-data with media type: …".
  toolResultMedia: { mediaTypes: [...CLAUDE_IMAGES, 'application/pdf'], urls: false },
  // https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages:
  // `role: "system"` inside `messages` is accepted only by the models that support it (from
  // Claude Opus 4.8); older models reject it. The adapter sends later system messages that way
  // (beta `mid-conversation-system-2026-04-07`), so for every model only the top-level `system`
  // field is safe.
  systemInMessages: false,
  // https://platform.claude.com/docs/en/api/messages: a conversation of user and assistant turns
  // starting with a user turn; the adapter merges consecutive same-role messages into one turn.
  strictTurns: true,
  // https://platform.claude.com/docs/en/build-with-claude/extended-thinking: thinking blocks are
  // replayed with their `signature` (or as `redacted_thinking` with their `data`), and must be
  // during a tool loop. The adapter sends a reasoning part only with
  // `providerOptions.anthropic.signature` (a `thinking` block) or `.redactedData`
  // (`redacted_thinking`); any other reasoning part is dropped with the warning
  // "unsupported reasoning metadata".
  reasoning: {
    sends: 'signed',
    providerOptionsKey: 'anthropic',
    requiredFields: ['signature', 'redactedData'],
  },
  // https://platform.claude.com/docs/en/build-with-claude/compaction: the API returns a
  // `compaction` block and drops every block before one it is sent back. The adapter maps the
  // block to a text part with `providerMetadata.anthropic.type === 'compaction'` and sends a text
  // part with `providerOptions.anthropic.type === 'compaction'` back as that block.
  sendsCompactionsOf: 'anthropic',
};
