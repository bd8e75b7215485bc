/** The path of `PUT /v1/sessions/:sessionId/blobs`, with or without a query. */
const BLOB_UPLOAD_PATH = /^\/v1\/sessions\/[^/?#]+\/blobs\/?(?:[?#]|$)/;

/**
 * Whether a raw request (method and URL as Node's parser gives them, before any routing) is a blob
 * upload: the one request whose body may take longer than `REQUEST_TIMEOUT_MS` to arrive, bounded
 * by the connection's inactivity timeout instead.
 */
export function isBlobUploadRequest(method: string | undefined, url: string | undefined): boolean {
  return method === 'PUT' && url !== undefined && BLOB_UPLOAD_PATH.test(url);
}
