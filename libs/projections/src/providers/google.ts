import type { ProviderCapabilities } from './provider-capabilities';

/** https://ai.google.dev/gemini-api/docs/image-understanding ("Supported image formats"). */
const GEMINI_IMAGES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/**
 * Non-image inputs of the Gemini API:
 * - https://ai.google.dev/gemini-api/docs/document-processing: PDF, and other documents (text,
 *   code, CSV, HTML, Markdown…) read as plain text;
 * - https://ai.google.dev/gemini-api/docs/audio ("Supported audio formats");
 * - https://ai.google.dev/gemini-api/docs/video-understanding ("Supported video formats").
 */
const GEMINI_FILES = [
  'application/pdf',
  'text/*',
  'audio/wav',
  'audio/mp3',
  'audio/aiff',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
  'video/mp4',
  'video/mpeg',
  'video/mov',
  'video/avi',
  'video/x-flv',
  'video/mpg',
  'video/webm',
  'video/wmv',
  'video/3gpp',
] as const;

/**
 * The Gemini API (and Vertex AI) through `@ai-sdk/google` (provider id `google.generative-ai`).
 * Adapter facts are from `convertToGoogleGenerativeAIMessages` in
 * `node_modules/@ai-sdk/google/dist/index.mjs` (3.0.x).
 */
export const GOOGLE_CAPABILITIES: ProviderCapabilities = {
  family: 'google',
  // The adapter sends every user file part as `inlineData` (or `fileData` for a URL it supports)
  // with its media type unchecked (`image/*` becomes `image/jpeg`): the API's lists apply.
  userImages: { mediaTypes: GEMINI_IMAGES, urls: true },
  userFiles: { mediaTypes: GEMINI_FILES, urls: true },
  // The adapter sends assistant file parts as `inlineData` parts of the model turn and throws
  // `UnsupportedFunctionalityError` ("File data URLs in assistant messages are not supported") on
  // a URL, which the AI SDK does not download in assistant messages.
  assistantFiles: { mediaTypes: [...GEMINI_IMAGES, ...GEMINI_FILES], urls: false },
  // https://ai.google.dev/gemini-api/docs/function-calling ("Multimodal function responses",
  // Gemini 3: images and documents nested in a `functionResponse`). For Gemini 3 models the
  // adapter nests `image-data`/`file-data` items as `functionResponse.parts[].inlineData`; for
  // older ones it sends them as `inlineData` parts after the response. The projection does not
  // know the model, so the narrower nested set is recorded, conservatively: the image types
  // but HEIC/HEIF, PDF and plain text.
  toolResultMedia: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain'],
    urls: false,
  },
  // https://ai.google.dev/api/generate-content (`systemInstruction` is separate from `contents`).
  // The adapter throws `UnsupportedFunctionalityError` ("system messages are only supported at
  // the beginning of the conversation") on a later system message.
  systemInMessages: false,
  // https://ai.google.dev/api/generate-content (`contents` of `user` and `model` turns); kept
  // strict as the serializer has applied it.
  strictTurns: true,
  // https://ai.google.dev/gemini-api/docs/thought-signatures: thought signatures are returned on
  // the parts they came with. The adapter sends every reasoning part as a `thought: true` part,
  // with `providerOptions.google.thoughtSignature` when present (`vertex`/`googleVertex` keys
  // are read too).
  reasoning: { sends: 'all', providerOptionsKey: 'google', signatureField: 'thoughtSignature' },
  // https://ai.google.dev/gemini-api/docs/thought-signatures: Gemini 3 answers 400 when a function
  // call of the history lacks its thought signature; for calls not made by Gemini (another model's
  // history, injected calls) the page documents the dummy `skip_thought_signature_validator`. The
  // adapter injects it itself for Gemini 3 model ids (`convertToGoogleGenerativeAIMessages`, only
  // when no earlier call of the same message was signed) and then warns on every request, taking
  // it for a runtime that lost signatures; the serializer sets it instead, for every Gemini model.
  foreignToolCallSignature: {
    providerOptionsKey: 'google',
    field: 'thoughtSignature',
    value: 'skip_thought_signature_validator',
  },
};
