/**
 * JSON Schemas of the OpenTelemetry GenAI semantic conventions' structured attributes
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, `gen_ai.system_instructions`), written
 * from the conventions' documented message model: a message has a `role` and `parts`; an
 * output message also a `finish_reason`; a part is text, a tool call request or response,
 * a blob, file or URI of some modality, reasoning, or a generic part with its own `type`.
 * The known part types are checked field by field (the conventions' required fields), so an
 * exporter that writes `text` instead of `content`, or forgets a tool call's `name`, fails.
 */
const TEXT = {
  type: 'object',
  required: ['type', 'content'],
  properties: { type: { const: 'text' }, content: { type: 'string' } },
};
const REASONING = {
  type: 'object',
  required: ['type', 'content'],
  properties: { type: { const: 'reasoning' }, content: { type: 'string' } },
};
const TOOL_CALL = {
  type: 'object',
  required: ['type', 'name'],
  properties: {
    type: { const: 'tool_call' },
    id: { type: ['string', 'null'] },
    name: { type: 'string' },
    arguments: {},
  },
};
const TOOL_CALL_RESPONSE = {
  type: 'object',
  required: ['type', 'response'],
  properties: {
    type: { const: 'tool_call_response' },
    id: { type: ['string', 'null'] },
    response: {},
  },
};
const MODALITY = { anyOf: [{ enum: ['image', 'video', 'audio', 'document'] }, { type: 'string' }] };
const BLOB = {
  type: 'object',
  required: ['type', 'modality', 'content'],
  properties: {
    type: { const: 'blob' },
    mime_type: { type: ['string', 'null'] },
    modality: MODALITY,
    content: { type: 'string', contentEncoding: 'base64' },
  },
};
const URI = {
  type: 'object',
  required: ['type', 'modality', 'uri'],
  properties: {
    type: { const: 'uri' },
    mime_type: { type: ['string', 'null'] },
    modality: MODALITY,
    uri: { type: 'string' },
  },
};
const FILE = {
  type: 'object',
  required: ['type', 'modality', 'file_id'],
  properties: {
    type: { const: 'file' },
    mime_type: { type: ['string', 'null'] },
    modality: MODALITY,
    file_id: { type: 'string' },
  },
};
const KNOWN = ['text', 'reasoning', 'tool_call', 'tool_call_response', 'blob', 'uri', 'file'];
const GENERIC = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', not: { enum: KNOWN } } },
  additionalProperties: true,
};
const PART = { oneOf: [TEXT, REASONING, TOOL_CALL, TOOL_CALL_RESPONSE, BLOB, URI, FILE, GENERIC] };
const ROLE = { anyOf: [{ enum: ['system', 'user', 'assistant', 'tool'] }, { type: 'string' }] };
const CHAT_MESSAGE = {
  type: 'object',
  required: ['role', 'parts'],
  properties: {
    role: ROLE,
    name: { type: ['string', 'null'] },
    parts: { type: 'array', items: PART },
  },
};
const FINISH_REASON = {
  anyOf: [{ enum: ['stop', 'length', 'content_filter', 'tool_call', 'error'] }, { type: 'string' }],
};

export const OTEL_INPUT_MESSAGES_SCHEMA = { type: 'array', items: CHAT_MESSAGE };
export const OTEL_OUTPUT_MESSAGES_SCHEMA = {
  type: 'array',
  items: {
    ...CHAT_MESSAGE,
    required: ['role', 'parts', 'finish_reason'],
    properties: { ...CHAT_MESSAGE.properties, finish_reason: FINISH_REASON },
  },
};
export const OTEL_SYSTEM_INSTRUCTIONS_SCHEMA = { type: 'array', items: PART };
