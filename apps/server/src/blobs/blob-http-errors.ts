import { HttpEdgeError } from '../security/http-edge-errors';

/** A digest header that names SHA-256 but does not hold one, or two that disagree. */
export class InvalidDigestHeaderError extends HttpEdgeError {
  readonly code = 'InvalidDigest';
  readonly status = 400;
  constructor(header: string) {
    super(
      `The ${header} header does not hold one SHA-256: expected x-content-sha256: <64 hex digits>, or Repr-Digest: sha-256=:<base64 of 32 bytes>:.`,
    );
  }
}

/** A blob upload to any other route than `PUT /v1/sessions/:sessionId/blobs`. */
export class BlobUploadRouteError extends HttpEdgeError {
  readonly code = 'UnsupportedMediaType';
  readonly status = 415;
  constructor() {
    super('Only PUT /v1/sessions/:sessionId/blobs takes raw bytes; every other body is JSON.');
  }
}

/** A `Content-Type` a blob cannot be stored with. */
export class InvalidMediaTypeError extends HttpEdgeError {
  readonly code = 'InvalidMediaType';
  readonly status = 400;
  constructor() {
    super(
      "The Content-Type of a blob upload must be a media type of printable ASCII, at most 255 characters (e.g. text/plain; charset=utf-8, image/png); it is the blob's media type.",
    );
  }
}

/**
 * A blob upload for a session that was erased (and not started again): its references were
 * released with it, and one recorded now would keep the blob with nothing to release it.
 */
export class SessionErasedError extends HttpEdgeError {
  readonly code = 'SessionErased';
  readonly status = 410;
  constructor(sessionId: string) {
    super(
      `Session "${sessionId}" was erased; nothing can be uploaded for it. Start the session again (its first append) before uploading, or upload for another session.`,
    );
  }
}
