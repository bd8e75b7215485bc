import { sharingTheLoop } from '../http/sharing-the-loop';
import { Readable } from 'node:stream';
import {
  BLOB_PREVIEW_BYTES,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobTooLargeError,
  blobPreview,
  limitBlobBytes,
  type BlobRef,
  type BlobStore,
  type ByteRange,
} from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import type { SessionErasure } from '@agent-ledger/session-commands';
import { Controller, Get, Inject, Param, Put, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { sessionRefOf } from '../access/session-ref';
import { schemaRef } from '../docs/response-schemas';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { BLOB_STORE, SERVER_CONFIG, SESSION_ERASURE } from '../tokens';
import { uploadMediaTypeOf } from './accept-blob-uploads';
import { SessionErasedError } from './blob-http-errors';
import { blobMediaType } from './blob-media-type';
import { BlobParamsDto } from './dto/blob-params.dto';
import { expectedSha256Of } from './expected-sha256-of';
import { uploadBytesOf } from './upload-bytes-of';

/**
 * A session's blobs over HTTP: large content uploaded as raw bytes, streamed to the blob store
 * (never whole in memory), stored once per tenant by its SHA-256 and referred to by the session;
 * read back whole or by `Range`. A session reads only the blobs it refers to.
 */
@ApiTags('blobs')
@ApiBadRequestResponse({
  description: 'A malformed parameter, Content-Type or digest header.',
  type: ErrorResponseDto,
})
@ApiForbiddenResponse({ description: 'Forbidden: the key lacks a scope.', type: ErrorResponseDto })
@Controller('v1/sessions/:sessionId/blobs')
export class BlobsController {
  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(SESSION_ERASURE) private readonly erasure: SessionErasure,
  ) {}

  @Put()
  @RequiresScope('write')
  @ApiOperation({
    summary:
      "Upload a blob: the raw body, streamed (any Content-Type: it is the blob's media type), stored once per tenant by its SHA-256 and referred to by the session until a message refers to it, or for BLOB_UNREFERENCED_TTL_MS (default 24 h) if none does",
  })
  @ApiConsumes('*/*')
  @ApiBody({ description: "The blob's bytes.", schema: { type: 'string', format: 'binary' } })
  @ApiHeader({
    name: 'x-content-sha256',
    required: false,
    description:
      'The SHA-256 the bytes must have (64 hex digits); `Repr-Digest: sha-256=:<base64>:` or `Digest: SHA-256=<base64>` also work. Bytes that hash otherwise are refused and nothing is kept.',
  })
  @ApiCreatedResponse({ description: 'Stored now.', schema: schemaRef('BlobRef') })
  @ApiOkResponse({
    description: 'The tenant held these bytes already.',
    schema: schemaRef('BlobRef'),
  })
  @ApiPayloadTooLargeResponse({
    description: 'BlobTooLarge: over MAX_BLOB_BYTES (default 4 GiB); nothing was kept.',
    type: ErrorResponseDto,
  })
  @ApiUnprocessableEntityResponse({
    description: 'BlobDigestMismatch: the bytes do not hash as announced; nothing was kept.',
    type: ErrorResponseDto,
  })
  @ApiGoneResponse({
    description:
      'SessionErased: the session was erased (and not started again); nothing was kept for it.',
    type: ErrorResponseDto,
  })
  @ApiConflictResponse({
    description:
      'BlobUploadCutOff: the upload took longer than BLOB_UNREFERENCED_TTL_MS and the sweep of unfinished uploads took it; nothing was kept. Send the bytes again.',
    type: ErrorResponseDto,
  })
  async upload(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = sessionRefOf(caller, sessionId);
    const mediaType = blobMediaType(uploadMediaTypeOf(request));
    const expectedSha256 = expectedSha256Of(request.headers);
    const maxBytes = this.config.maxBlobBytes;
    const announced = Number(request.headers['content-length'] ?? '0');
    if (announced > maxBytes) throw new BlobTooLargeError(maxBytes);
    // An erased session's references were released: one added now would never be.
    if (await this.erasure.wasErased(caller.tenant, sessionId)) {
      throw new SessionErasedError(sessionId);
    }
    const stored = await this.store.put(
      caller.tenant,
      limitBlobBytes(uploadBytesOf(request.raw), maxBytes),
      {
        mediaType,
        sessionKey: session.key,
        provisional: true,
        ...(expectedSha256 === undefined ? {} : { expectedSha256 }),
      },
    );
    // An erasure that ran while the bytes arrived released the session before this reference.
    if (await this.erasure.wasErased(caller.tenant, sessionId)) {
      await this.store.releaseSession(caller.tenant, session.key);
      throw new SessionErasedError(sessionId);
    }
    const ref = await this.refOf(caller.tenant, stored.sha256);
    void reply
      .status(stored.created ? 201 : 200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('location', `/v1/sessions/${encodeURIComponent(sessionId)}/blobs/${ref.sha256}`)
      .send(ref);
  }

  @Get(':sha256')
  @RequiresScope('read')
  @ApiOperation({
    summary:
      "A blob's bytes with its media type, whole or by Range (206; 416 when out of the blob); ETag is its SHA-256",
  })
  @ApiProduces('*/*')
  @ApiHeader({ name: 'range', required: false, description: 'bytes=<start>-<end> (one range).' })
  @ApiOkResponse({
    description: 'The whole blob, with its stored media type.',
    content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({
    status: 206,
    description: 'The range asked for, with Content-Range.',
    content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 416, description: 'RangeNotSatisfiable.', type: ErrorResponseDto })
  @ApiNotFoundResponse({
    description: 'BlobNotFound: the session refers to no blob with this SHA-256.',
    type: ErrorResponseDto,
  })
  async read(
    @CallerParam() caller: Caller,
    @Param() { sessionId, sha256 }: BlobParamsDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = sessionRefOf(caller, sessionId);
    const found = (await this.store.isReferencedBy(caller.tenant, sha256, session.key))
      ? await this.store.stat(caller.tenant, sha256)
      : undefined;
    if (found === undefined) throw new BlobNotFoundError(sha256);
    const etag = `"${sha256}"`;
    void reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-type', found.mediaType);
    if (request.headers['if-none-match'] === etag) {
      void reply.status(304).send();
      return;
    }
    const range = rangeOf(request.headers.range, found.size);
    if (range === 'unsatisfiable') {
      void reply.header('content-range', `bytes */${found.size}`);
      throw new BlobRangeNotSatisfiableError(
        found.size,
        rangeAsked(request.headers.range, found.size),
      );
    }
    const bytes = Readable.from(sharingTheLoop(this.store.read(caller.tenant, sha256, range)));
    if (range === undefined) {
      void reply.status(200).header('content-length', found.size).send(bytes);
      return;
    }
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes);
  }

  /** The `BlobRef` of a stored blob: its stored media type, and a preview of its head. */
  private async refOf(tenant: string, sha256: string): Promise<BlobRef> {
    const found = await this.store.stat(tenant, sha256);
    if (found === undefined) throw new BlobNotFoundError(sha256);
    const head: Uint8Array[] = [];
    if (found.size > 0) {
      const end = Math.min(found.size, BLOB_PREVIEW_BYTES) - 1;
      for await (const chunk of this.store.read(tenant, sha256, { start: 0, end })) {
        head.push(chunk);
      }
    }
    return {
      sha256,
      size: found.size,
      mediaType: found.mediaType,
      preview: blobPreview(Buffer.concat(head), found.mediaType),
    };
  }
}

/**
 * The one range a `Range` header asks for within `size` bytes: `undefined` for the whole blob (no
 * header, a malformed one, or several ranges: all may be ignored), `unsatisfiable` when none of it
 * is within the blob.
 */
function rangeOf(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const parsed = parseRange(size, header, { combine: true });
  if (parsed === -1) return 'unsatisfiable';
  if (parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1) return undefined;
  const [range] = parsed;
  return range === undefined ? undefined : { start: range.start, end: range.end };
}

/** The first range a header names, for the error message of an unsatisfiable one. */
function rangeAsked(header: string | undefined, size: number): ByteRange {
  const match = /(\d*)-(\d*)/.exec(header ?? '');
  const start = Number(match?.[1] || 0);
  const end = match?.[2] ? Number(match[2]) : Math.max(start, size - 1);
  return { start, end };
}
