/** Base of this lib's errors: each has a stable `code` a caller can act on. */
export abstract class AiSdkConversionError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A response message held a part (or tool-output item) type that has no runtime-message form. */
export class UnsupportedAiSdkPartError extends AiSdkConversionError {
  readonly code = 'UnsupportedAiSdkPart';
  constructor(
    readonly partType: string,
    /** Where it was, e.g. `response message 2, part 0`. */
    readonly location: string,
  ) {
    super(
      `Unsupported AI SDK part type "${partType}" at ${location}: runtime messages accept text, file, reasoning, tool-call, tool-result, tool-approval-request and tool-approval-response parts (tool outputs: text, json, error-text, error-json, execution-denied, and content items text, media, image-data, file-data).`,
    );
  }
}

/** A response message had a role other than `assistant` or `tool`. */
export class UnsupportedAiSdkMessageError extends AiSdkConversionError {
  readonly code = 'UnsupportedAiSdkMessage';
  constructor(
    readonly role: string,
    readonly location: string,
  ) {
    super(
      `Unsupported AI SDK message role "${role}" at ${location}: a model step's response messages are assistant or tool messages.`,
    );
  }
}

/** A value that must be stored as JSON (tool input, tool output, provider options) was not JSON. */
export class NonJsonValueError extends AiSdkConversionError {
  readonly code = 'NonJsonValue';
  constructor(
    /** Path of the value, e.g. `response message 0, part 2, input.when`. */
    readonly path: string,
    /** What it was instead (`function`, `bigint`, `Date`, `NaN`, …). */
    readonly valueType: string,
  ) {
    super(
      `Value at ${path} is not JSON (${valueType}): runtime messages store only null, booleans, finite numbers, strings, arrays and plain objects.`,
    );
  }
}
