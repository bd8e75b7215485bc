import { sharingTheLoop } from '../http/sharing-the-loop';
import { Readable } from 'node:stream';
import {
  Controller,
  Get,
  Header,
  Param,
  Query as QueryParams,
  StreamableFile,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type {
  DebugPage,
  ModelCallsPage,
  ModelContextResponse,
  SessionEventsPage,
  SessionListPage,
  TranscriptEntry,
  TranscriptPage,
} from '@agent-ledger/client';
import { ViewRedaction } from '../access/view-redaction';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { sessionRefOf } from '../access/session-ref';
import { schemaRef } from '../docs/response-schemas';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { DebugQueryDto } from './dto/debug-query.dto';
import { EventsQueryDto } from './dto/events-query.dto';
import { ExportQueryDto } from './dto/export-query.dto';
import { ListSessionsQueryDto } from './dto/list-sessions-query.dto';
import { ModelCallsQueryDto } from './dto/model-calls-query.dto';
import { MinPositionQueryDto } from './dto/min-position-query.dto';
import { ModelContextQueryDto } from './dto/model-context-query.dto';
import { TranscriptEntryParamsDto } from './dto/transcript-entry-params.dto';
import { TranscriptQueryDto } from './dto/transcript-query.dto';
import { GetDebugViewQuery } from './handlers/get-debug-view.query';
import { GetExportQuery } from './handlers/get-export.query';
import { GetModelCallsQuery } from './handlers/get-model-calls.query';
import { GetModelContextQuery } from './handlers/get-model-context.query';
import { GetSessionEventsQuery } from './handlers/get-session-events.query';
import { GetTranscriptEntryQuery } from './handlers/get-transcript-entry.query';
import { GetTranscriptQuery } from './handlers/get-transcript.query';
import { ListSessionsQuery } from './handlers/list-sessions.query';
import { modelContextResponse } from './model-context-response';

/**
 * The query side over HTTP: each route sends one query through the `QueryBus`. The transcript,
 * debug, export and session list come from the read models (`minPosition` for read-your-writes);
 * the model context and the raw events are read from the event store itself.
 */
@ApiTags('sessions (queries)')
@ApiNotFoundResponse({
  description: 'SessionNotFound (or MessageNotFound, RevisionNotFound).',
  type: ErrorResponseDto,
})
@ApiServiceUnavailableResponse({
  description: 'ReadModelBehind: the read models did not reach `minPosition` in time.',
  type: ErrorResponseDto,
})
@Controller('v1/sessions')
export class SessionQueriesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly redaction: ViewRedaction,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List sessions, newest activity first' })
  @ApiOkResponse({ schema: schemaRef('SessionListPage') })
  @RequiresScope('read')
  listSessions(
    @CallerParam() caller: Caller,
    @QueryParams() query: ListSessionsQueryDto,
  ): Promise<SessionListPage> {
    return this.queryBus.execute(new ListSessionsQuery(caller.tenant, query));
  }

  @Get(':sessionId/transcript')
  @ApiOperation({ summary: 'A page of the transcript: the whole process, pruned results complete' })
  @ApiOkResponse({ schema: schemaRef('TranscriptPage') })
  @RequiresScope('read')
  async transcript(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: TranscriptQueryDto,
  ): Promise<TranscriptPage> {
    const page = await this.queryBus.execute(
      new GetTranscriptQuery(sessionRefOf(caller, sessionId), query),
    );
    return this.redaction.forCaller(caller, page);
  }

  @Get(':sessionId/transcript/:messageId')
  @ApiOperation({ summary: 'One transcript entry, whole (expand a stub)' })
  @ApiOkResponse({ schema: schemaRef('TranscriptEntry') })
  @RequiresScope('read')
  async transcriptEntry(
    @CallerParam() caller: Caller,
    @Param() { sessionId, messageId }: TranscriptEntryParamsDto,
    @QueryParams() { minPosition }: MinPositionQueryDto,
  ): Promise<TranscriptEntry> {
    const entry = await this.queryBus.execute(
      new GetTranscriptEntryQuery(sessionRefOf(caller, sessionId), messageId, minPosition),
    );
    return this.redaction.forCaller(caller, entry);
  }

  @Get(':sessionId/debug')
  @ApiOperation({
    summary:
      'The debug view: every message, its metadata, what the model view hides or truncates and why',
  })
  @ApiOkResponse({ schema: schemaRef('DebugPage') })
  @RequiresScope('read')
  async debug(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: DebugQueryDto,
  ): Promise<DebugPage> {
    const { cursor, limit, minPosition, recentUserTurns, ...context } = query;
    const page = await this.queryBus.execute(
      new GetDebugViewQuery(sessionRefOf(caller, sessionId), context, {
        cursor,
        limit,
        minPosition,
        recentUserTurns,
      }),
    );
    return this.redaction.forCaller(caller, page);
  }

  @Get(':sessionId/export')
  @ApiOperation({
    summary:
      'The export: runtime noise removed, secrets redacted; JSON or Markdown, or OpenTelemetry GenAI, UI messages, JSONL',
  })
  @ApiProduces('application/json', 'text/markdown', 'application/x-ndjson')
  @ApiOkResponse({
    description:
      'format=json: the export; markdown: the same rendered as Markdown; otel-genai: per model call, its OpenTelemetry GenAI attributes; ui-messages: AI SDK UIMessage[]; jsonl: the runtime messages, one a line.',
    content: {
      'application/json': {
        schema: {
          oneOf: [
            schemaRef('ExportResponse'),
            schemaRef('OtelGenAiExport'),
            schemaRef('UiMessagesExport'),
          ],
        },
      },
      'text/markdown': { schema: { type: 'string' } },
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description:
            'One RuntimeMessage (JSON) a line; with blobs=include, each blob as a {"type":"blob"} line and its {"type":"blob-chunk"} lines before the first message that refers to it.',
        },
      },
    },
  })
  @RequiresScope('audit')
  async export(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() { format, minPosition, blobs }: ExportQueryDto,
  ): Promise<StreamableFile> {
    const { contentType, body } = await this.queryBus.execute(
      new GetExportQuery(
        sessionRefOf(caller, sessionId),
        format ?? 'json',
        minPosition,
        blobs ?? 'reference',
        caller.tenant,
      ),
    );
    // Written as the client reads it (the stream waits while the socket is full), piece by piece,
    // letting the event loop run between slices of it (`sharingTheLoop`).
    return new StreamableFile(Readable.from(sharingTheLoop(body), { objectMode: false }), {
      type: contentType,
    });
  }

  @Get(':sessionId/model-context')
  @ApiOperation({
    summary:
      'The model view at replay (from the latest compact boundary), optionally as of a revision, as model messages or AI SDK messages',
  })
  @ApiOkResponse({ schema: schemaRef('ModelContextResponse') })
  @RequiresScope('read')
  async modelContext(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: ModelContextQueryDto,
  ): Promise<ModelContextResponse> {
    const { minPosition: _minPosition, ...options } = query;
    const context = await this.queryBus.execute(
      new GetModelContextQuery(sessionRefOf(caller, sessionId), options),
    );
    return this.redaction.forCaller(caller, modelContextResponse(sessionId, context));
  }

  @Get(':sessionId/model-calls')
  @ApiOperation({
    summary:
      'The recorded model calls, in log order, paginated: model, tokens, latency and cost where known, the context revision and the response messages of each (scope read; no provider metadata)',
  })
  @ApiOkResponse({ schema: schemaRef('ModelCallsPage') })
  @RequiresScope('read')
  async modelCalls(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: ModelCallsQueryDto,
  ): Promise<ModelCallsPage> {
    const page = await this.queryBus.execute(
      new GetModelCallsQuery(sessionRefOf(caller, sessionId), query),
    );
    return this.redaction.forCaller(caller, page);
  }

  @Get(':sessionId/events')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The raw event stream, for auditors, paginated by revision' })
  @ApiOkResponse({ schema: schemaRef('SessionEventsPage') })
  @RequiresScope('audit')
  events(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: EventsQueryDto,
  ): Promise<SessionEventsPage> {
    return this.queryBus.execute(new GetSessionEventsQuery(sessionRefOf(caller, sessionId), query));
  }
}
