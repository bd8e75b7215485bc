import type { JsonPathStep } from '@agent-ledger/messages';

/**
 * A tool call's `inputBlobs` entry names a path that does not lead to a string of its input, or names one twice.
 * Answered 422 `InvalidInputBlob`; nothing was appended.
 */
export class InvalidInputBlobError extends Error {
  readonly code = 'InvalidInputBlob';

  constructor(
    readonly messageId: string,
    readonly toolCallId: string,
    readonly path: readonly JsonPathStep[],
  ) {
    super(
      `Message ${messageId}, tool call ${toolCallId}: inputBlobs path ${JSON.stringify(path)} does not lead to a string of the input or is named twice; each path must name the string value (holding any placeholder) that the blob stands for.`,
    );
    this.name = 'InvalidInputBlobError';
  }
}
