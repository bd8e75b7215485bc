import type { ProviderCapabilities } from './provider-capabilities';

/** Image media types of OpenAI vision input (PNG, JPEG, WEBP, non-animated GIF). */
export const OPENAI_IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * File types the Responses API reads from an `input_file`: PDF, text and code, rich documents
 * and spreadsheets (https://developers.openai.com/api/docs/guides/file-inputs, "Accepted file
 * types"; the common ones are listed here, `text/*` standing for text and code files).
 */
const RESPONSES_INPUT_FILES = [
  'application/pdf',
  'text/*',
  'application/json',
  'application/xml',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** Provider options that let the adapter replay a reasoning part. */
const REASONING_FIELDS = ['itemId', 'reasoningEncryptedContent'] as const;

/**
 * OpenAI's Responses API through `@ai-sdk/openai` (`openai('model')` and `openai.responses(…)`,
 * provider id `openai.responses`; Azure's `azure.responses` is the same API). Adapter facts are
 * from `convertToOpenAIResponsesInput` and `convertFunctionToolResultOutput` in
 * `node_modules/@ai-sdk/openai/dist/index.mjs` (3.0.x).
 */
export const OPENAI_RESPONSES_CAPABILITIES: ProviderCapabilities = {
  family: 'openai-responses',
  // https://developers.openai.com/api/docs/guides/images-vision ("Image input requirements":
  // PNG, JPEG, WEBP, non-animated GIF; by URL, base64 data URL or file id). The adapter sends any
  // `image/…` part as an `input_image` data URL with the media type it was given (`image/*`
  // becomes `image/jpeg`); http(s) URLs are passed as `image_url`.
  userImages: { mediaTypes: OPENAI_IMAGES, urls: true },
  // https://developers.openai.com/api/docs/guides/file-inputs: the API takes many file types as
  // `input_file`, but the adapter sends only `application/pdf` and throws
  // `UnsupportedFunctionalityError` ("file part media type …") on any other inline file, unless
  // the call sets `providerOptions.openai.passThroughUnsupportedFiles` (which the projection
  // cannot see). Non-PDF URLs are downloaded by the AI SDK first, so they throw too.
  userFiles: { mediaTypes: ['application/pdf'], urls: true },
  // Assistant items carry `output_text` only; the adapter's assistant branch has no `file` case,
  // so file parts are dropped without a warning.
  assistantFiles: { mediaTypes: [], urls: false },
  // https://developers.openai.com/api/docs/guides/function-calling (a `function_call_output` may
  // be a list of `input_text`, `input_image` and `input_file` items). The adapter turns
  // `image-data` items into `input_image` data URLs and `file-data` items into `input_file` with
  // `file_data`, whatever the media type, so the API's own image and file lists apply.
  toolResultMedia: { mediaTypes: [...OPENAI_IMAGES, ...RESPONSES_INPUT_FILES], urls: false },
  // https://developers.openai.com/api/docs/guides/text ("message roles": `developer`/`system`
  // messages anywhere in `input`). The adapter keeps every system message in place.
  systemInMessages: true,
  strictTurns: false,
  // https://developers.openai.com/api/docs/guides/reasoning (reasoning items are passed back by
  // id, or with `encrypted_content` when `store` is off). The adapter sends a reasoning part with
  // `providerOptions.openai.itemId` (an `item_reference`, or a `reasoning` item when `store` is
  // false) or `.reasoningEncryptedContent`; any other is dropped with the warning "Non-OpenAI
  // reasoning parts are not supported. Skipping reasoning part: …".
  reasoning: { sends: 'signed', providerOptionsKey: 'openai', requiredFields: REASONING_FIELDS },
  // https://developers.openai.com/api/docs/guides/compaction: a `compaction` item stands for the
  // items before it. The adapter has no part for the item (3.0.x); it sends an assistant text part
  // with `providerOptions.openai.itemId` as an `item_reference` to that id when `store` is on (the
  // default) and, for a reasoning model, after a reasoning part of the same message; otherwise as
  // `output_text` (the item's content lost). `@openai/agents` sends the item itself.
  sendsCompactionsOf: 'openai',
};

/**
 * Azure OpenAI's Responses API: the same table, except that the adapter reads reasoning provider
 * options under `azure` (`providerOptionsName` is `azure` when the provider id contains it).
 */
export const AZURE_RESPONSES_CAPABILITIES: ProviderCapabilities = {
  ...OPENAI_RESPONSES_CAPABILITIES,
  reasoning: { sends: 'signed', providerOptionsKey: 'azure', requiredFields: REASONING_FIELDS },
};
