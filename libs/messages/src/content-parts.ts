/**
 * Content parts of runtime messages.
 *
 * They mirror the AI SDK's prompt parts (`TextPart`, `ToolCallPart`, `ToolResultPart`, …) field for
 * field, with two differences that come from being persisted facts rather than a request:
 * - every value is plain JSON (binary data is a base64 string or a URL string, never a `Uint8Array`);
 * - `toolName` is optional on a tool result, because runtimes often record a result by `toolCallId`
 *   alone (the seed's own example does); normalization fills it in from the matching call.
 */

/** Any JSON value, as stored in an event payload. */
export type JsonValue = null | string | number | boolean | JsonObject | JsonValue[];

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Provider-specific options carried through to the AI SDK untouched. */
export type ProviderOptions = Record<string, Record<string, JsonValue>>;

/**
 * Plain text. A text too long to sit in the event keeps only its preview in `text` and the whole
 * text in the blob `blob` names (UTF-8, `text/plain; charset=utf-8`): a reader that ignores
 * `blob` sees the preview, the model view reads the blob (`projectToModel`).
 */
export interface TextPart {
  type: 'text';
  /** The text, or, when `blob` is set, its preview. */
  text: string;
  /** The blob holding the whole text, when it was too long for the event. */
  blob?: ContentBlobRef;
  providerOptions?: ProviderOptions;
}

/** Model reasoning ("thinking") text; a long one is kept as a blob as a `TextPart` is. */
export interface ReasoningPart {
  type: 'reasoning';
  /** The reasoning, or, when `blob` is set, its preview. */
  text: string;
  /** The blob holding the whole reasoning, when it was too long for the event. */
  blob?: ContentBlobRef;
  providerOptions?: ProviderOptions;
}

/**
 * Attachment bytes kept as a content-addressed blob (too large to sit in the event): in place of
 * the base64 string of an image's `image` or a file's `data`. The blob holds the bytes themselves
 * (not their base64). The model view reads them back whole: providers need the whole attachment.
 */
export interface BlobAttachmentData {
  type: 'blob';
  blob: ContentBlobRef;
}

/** An image, as base64 data, a URL (`https:` or `data:`), or a blob. */
export interface ImagePart {
  type: 'image';
  /** Base64-encoded bytes, a URL string, or the blob holding the bytes. */
  image: string | BlobAttachmentData;
  mediaType?: string;
  providerOptions?: ProviderOptions;
}

/** A file (PDF, audio, text…), as base64 data, a URL, or a blob. */
export interface FilePart {
  type: 'file';
  /** Base64-encoded bytes, a URL string, or the blob holding the bytes. */
  data: string | BlobAttachmentData;
  mediaType: string;
  filename?: string;
  providerOptions?: ProviderOptions;
}

/** One step of a path into a JSON value: an object's key or an array's index. */
export type JsonPathStep = string | number;

/**
 * A string value of a tool call's input kept as a blob (too large to sit in the event): `path`
 * leads from the input to the value (empty: the input is the string), which holds the blob's
 * preview in the event. The blob holds the string's UTF-8.
 */
export interface ToolInputBlob {
  path: JsonPathStep[];
  blob: ContentBlobRef;
}

/** A request by the model to run a tool. */
export interface ToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  /** The input; a value kept as a blob (`inputBlobs`) holds its preview here. */
  input: JsonValue;
  /**
   * The large string values of `input` kept as blobs, beside the input so that nothing in it can
   * be mistaken for one: the model view puts each back (whole or its head and tail).
   */
  inputBlobs?: ToolInputBlob[];
  /** True when the provider ran the tool itself (web search and the like). */
  providerExecuted?: boolean;
  providerOptions?: ProviderOptions;
}

/** One item of a `content` tool output: text or media. */
export type ToolResultContentItem =
  { type: 'text'; text: string } | { type: 'media'; data: string; mediaType: string };

/**
 * What an event holds in place of large content: the content-addressed blob's hash, size, media
 * type and a short preview (the port's `BlobRef` of `@agent-ledger/blobs`, field for field), and
 * for text the length a soft limit counts.
 */
export interface ContentBlobRef {
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  /** Size in bytes. */
  size: number;
  /** IANA media type: `text/plain; charset=utf-8` for a text output, `application/json` for JSON. */
  mediaType: string;
  /** The first characters of the text (`blobPreview` of `@agent-ledger/blobs`), for views and search. */
  preview: string;
  /**
   * Length of the text in UTF-16 code units, as `string.length` counts it (what the soft limit
   * counts). The server fills it in; a reader that meets a reference without it counts `size`.
   */
  textLength?: number;
}

/** The inline output types a blob output stands for. */
export type BlobbedOutputType = 'text' | 'json' | 'error-text' | 'error-json';

/**
 * A text or JSON tool output stored as a blob (too large to sit in the event): `as` is the output
 * type it stands for (its bytes are the text, or the JSON text). Not an AI SDK variant: the model
 * view turns it back into a text or JSON output, reading only the head and tail it keeps.
 */
export interface BlobToolResultOutput {
  type: 'blob';
  as: BlobbedOutputType;
  blob: ContentBlobRef;
}

/**
 * What a tool returned: the AI SDK's `ToolResultOutput` variants used by runtimes, and `blob` for
 * a large text or JSON output kept outside the event.
 */
export type ToolResultOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: JsonValue }
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: JsonValue }
  | { type: 'content'; value: ToolResultContentItem[] }
  | { type: 'execution-denied'; reason?: string }
  | BlobToolResultOutput;

/** The result of one tool call. */
export interface ToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  /** Optional when recorded; normalization fills it in from the matching `tool-call`. */
  toolName?: string;
  output: ToolResultOutput;
  providerOptions?: ProviderOptions;
}

/** The runtime asks a human (or a policy) to approve a tool call before it runs. */
export interface ToolApprovalRequestPart {
  type: 'tool-approval-request';
  approvalId: string;
  toolCallId: string;
  /**
   * The AI SDK's HMAC of the approval (`experimental_toolApprovalSecret`), binding it to its
   * call's id, tool name and input. Kept verbatim: `generateText` refuses an approved call whose
   * request lost it (`AI_InvalidToolApprovalSignatureError`).
   */
  signature?: string;
  /**
   * The tool input before the tool's input schema validated and transformed it, when it differs
   * from the call's `input`: `generateText` validates it again before running an approved call.
   */
  inputSchemaInput?: JsonValue;
}

/** The answer to a tool-approval request. */
export interface ToolApprovalResponsePart {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
}

/** Any content part. */
export type ContentPart =
  | TextPart
  | ReasoningPart
  | ImagePart
  | FilePart
  | ToolCallPart
  | ToolResultPart
  | ToolApprovalRequestPart
  | ToolApprovalResponsePart;
