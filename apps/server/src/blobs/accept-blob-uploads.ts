import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlobUploadRouteError } from './blob-http-errors';

/** The route whose body is a blob's raw bytes. */
export const BLOB_UPLOAD_ROUTE = '/v1/sessions/:sessionId/blobs';

/** The media type an upload's body is parsed as: no client sends it, the hook below sets it. */
const UPLOAD_BODY_TYPE = 'application/vnd.agent-ledger.blob-upload';

const mediaTypes = new WeakMap<FastifyRequest, string>();

/**
 * Lets `PUT /v1/sessions/:sessionId/blobs` take any body, streamed: its `Content-Type` (the
 * blob's media type, `application/octet-stream` when absent) is kept aside for the handler
 * (`uploadMediaTypeOf`), and its body is handed to the handler as the request stream itself,
 * unread, so that no part of it is buffered and Fastify's `bodyLimit` does not apply (the
 * handler applies `MAX_BLOB_BYTES`). Every other route keeps the JSON parser alone.
 */
export function acceptBlobUploads(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'PUT' && request.routeOptions.url === BLOB_UPLOAD_ROUTE) {
      mediaTypes.set(request, request.headers['content-type'] ?? 'application/octet-stream');
      request.headers['content-type'] = UPLOAD_BODY_TYPE;
    }
    done();
  });
  fastify.addContentTypeParser(UPLOAD_BODY_TYPE, (request, payload, done) => {
    if (!mediaTypes.has(request)) return done(new BlobUploadRouteError(), undefined);
    done(null, payload);
  });
}

/** The media type an upload named (its `Content-Type` as sent). */
export function uploadMediaTypeOf(request: FastifyRequest): string {
  return mediaTypes.get(request) ?? 'application/octet-stream';
}
