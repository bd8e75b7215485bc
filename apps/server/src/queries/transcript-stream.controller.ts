import { Controller, Get, Headers, Param, Query as QueryParams, Req, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionListReader, type TranscriptEntry } from '@agent-ledger/read-models';
import { seesRaw, type Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { sessionRefOf } from '../access/session-ref';
import { ViewRedaction } from '../access/view-redaction';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { TranscriptStreamQueryDto } from './dto/transcript-stream-query.dto';
import { requireSession } from './handlers/require-session';
import { ReadYourWrites } from './read-models/read-your-writes';
import { STORED_TRANSCRIPT_VIEW, TranscriptFeed } from './transcript-feed';
import { writeOrDropSubscriber } from './write-or-drop-subscriber';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events: `GET /v1/sessions/:sessionId/transcript/stream` sends each transcript entry
 * as it reaches the read model (`event: entry`, `id: <revision>`, `data: { seq, revision,
 * message }`), and again when a pruning changes it. Written straight to the Fastify reply.
 */
@ApiTags('sessions (queries)')
@Controller('v1/sessions/:sessionId/transcript/stream')
export class TranscriptStreamController {
  constructor(
    private readonly feed: TranscriptFeed,
    private readonly sessions: SessionListReader,
    private readonly redaction: ViewRedaction,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Get()
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: 'Live transcript entries of a session (Server-Sent Events)' })
  @ApiOkResponse({
    description:
      'Events `entry` with `id: <revision>` and data `{ seq, revision, message }` (a TranscriptEntry).',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  @RequiresScope('read')
  async stream(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() { afterRevision }: TranscriptStreamQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.readYourWrites.reach(undefined);
    const session = sessionRefOf(caller, sessionId);
    const { revision } = requireSession(this.sessions, session);
    const resumeFrom = /^-?\d+$/.test(lastEventId ?? '') ? Number(lastEventId) : undefined;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 2000\n\n`);
    // The feed reads and serializes each batch once per session and view, for all its subscribers.
    const view = seesRaw(caller)
      ? STORED_TRANSCRIPT_VIEW
      : {
          name: 'redacted',
          show: (entry: TranscriptEntry) => this.redaction.redact(entry),
        };
    const subscription = this.feed.subscribe(
      session.key,
      resumeFrom ?? afterRevision ?? revision,
      // A subscriber that stops reading is closed past MAX_UNREAD_BYTES (it resumes on reconnect).
      (frames) => writeOrDropSubscriber(raw, frames),
      view,
    );
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = (): void => {
      clearInterval(heartbeat);
      subscription.close();
    };
    // On shutdown the server ends the stream; the client resumes elsewhere with Last-Event-ID.
    const release = this.feed.holdOpen(() => {
      stop();
      raw.end();
    }, session.key);
    request.raw.once('close', () => {
      release();
      stop();
    });
  }
}
