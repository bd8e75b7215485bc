/**
 * A message refers (by `sha256`) to a blob its session's tenant does not hold: upload it first
 * (`PUT /v1/sessions/:sessionId/blobs`). Answered 422 `UnknownBlob`; nothing was appended.
 */
export class UnknownBlobError extends Error {
  readonly code = 'UnknownBlob';

  constructor(
    readonly sha256: string,
    readonly messageId: string,
  ) {
    super(
      `Message ${messageId} refers to blob ${sha256}, which this tenant does not hold; upload it with PUT /v1/sessions/:sessionId/blobs first, or send the output inline.`,
    );
    this.name = 'UnknownBlobError';
  }
}
