import { OPENAI_IMAGES } from './openai-responses';
import type { ProviderCapabilities } from './provider-capabilities';

/**
 * OpenAI's Chat Completions API through `@ai-sdk/openai` (`openai.chat('model')`, whose
 * `.provider` is `openai.chat`; Azure's `azure.chat` is the same API). Adapter facts are from
 * `convertToOpenAIChatMessages` in `node_modules/@ai-sdk/openai/dist/index.mjs` (3.0.x).
 */
export const OPENAI_CHAT_CAPABILITIES: ProviderCapabilities = {
  family: 'openai-chat',
  // https://developers.openai.com/api/docs/guides/images-vision ("Image input requirements":
  // PNG, JPEG, WEBP, non-animated GIF). The adapter sends any `image/…` part as an `image_url`
  // content part (a data URL with the given media type, `image/*` as `image/jpeg`, or the URL).
  userImages: { mediaTypes: OPENAI_IMAGES, urls: true },
  // https://developers.openai.com/api/docs/guides/file-inputs ("Chat Completions accepts only
  // PDF files as file content parts") and https://developers.openai.com/api/docs/guides/audio
  // (`input_audio` in `wav` or `mp3`). The adapter sends `application/pdf` as a `file` part and
  // `audio/wav`, `audio/mp3`, `audio/mpeg` as `input_audio`, and throws
  // `UnsupportedFunctionalityError` on every other media type ("file part media type …", "audio
  // content parts with media type …"). URLs of those types are downloaded by the AI SDK first.
  userFiles: {
    mediaTypes: ['application/pdf', 'audio/wav', 'audio/mp3', 'audio/mpeg'],
    urls: true,
  },
  // An assistant message is `content` text plus `tool_calls`; the adapter's assistant branch
  // keeps text and tool calls only, so file parts are dropped without a warning.
  assistantFiles: { mediaTypes: [], urls: false },
  // https://developers.openai.com/api/docs/guides/function-calling: a `tool` message's content is
  // text. The adapter sends a `content` output as the JSON text of its items, so a media item
  // reaches the model as a base64 string inside JSON, never as an image or a file: none is taken.
  toolResultMedia: { mediaTypes: [], urls: false },
  // https://developers.openai.com/api/docs/guides/text ("message roles"). The adapter keeps every
  // system message in place (as `developer` for reasoning models).
  systemInMessages: true,
  strictTurns: false,
  // Chat Completions takes no reasoning input; the adapter's assistant branch ignores reasoning
  // parts without a warning.
  reasoning: { sends: 'none' },
};
