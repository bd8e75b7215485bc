import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { lastAgentName, projectToDebug, type DebugMessage } from '@agent-ledger/projections';
import {
  listFailedEvents,
  SessionListReader,
  SessionViewsReader,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import type { ReadModelConfig } from '@agent-ledger/config';
import { ModelContextReader, providerContextChanges } from '@agent-ledger/model-context';
import { READ_MODEL_CONFIG, READ_MODEL_DB } from '../read-models/read-model.tokens';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { RepairingReads } from '../read-models/repairing-reads';
import { GetDebugViewQuery, type DebugViewResponse } from './get-debug-view.query';
import { requireSession } from './require-session';

/**
 * The debug read model stores what does not depend on projection options (normalized messages
 * with all metadata, repairs, failed events); what the model view does with each message depends
 * on the options a runtime uses, so it is joined here, per request, by `projectToDebug` over the
 * stored messages: the answer to "why did the model not see X" for exactly those options.
 */
@QueryHandler(GetDebugViewQuery)
export class GetDebugViewHandler implements IQueryHandler<GetDebugViewQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(READ_MODEL_DB) private readonly db: ReadModelDatabase,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
    private readonly repairing: RepairingReads,
    private readonly contexts: ModelContextReader,
  ) {}

  async execute({ session, context, options }: GetDebugViewQuery): Promise<DebugViewResponse> {
    await this.readYourWrites.reach(options.minPosition);
    const { revision, messages } = await this.repairing.read(() => ({
      revision: requireSession(this.sessions, session).revision,
      messages: this.views.messages(session.key),
    }));
    const rewound = this.views.rewoundIds(session.key);
    const project = (of: RuntimeMessage[]) =>
      projectToDebug(
        of,
        {
          ...context,
          sessionId: session.sessionId,
          activeAgentName: context.activeAgentName ?? lastAgentName(of) ?? 'default',
        },
        options.recentUserTurns === undefined ? {} : { recentUserTurns: options.recentUserTurns },
      );
    // What the model view does is decided on the current line; the messages a rewind undid are
    // shown where they were recorded, hidden from the model and marked `rewound`.
    const debug =
      rewound.size === 0
        ? project(messages)
        : withRewound(
            project(messages.filter((message) => !rewound.has(message.id))),
            project(messages).messages,
            rewound,
          );
    const providerChanges = await this.providerChanges(session.key, debug.messages);
    const start = options.cursor === undefined ? 0 : Number(options.cursor);
    const page = debugPage(debug.messages, start, options.limit ?? 100, this.config.maxPageBytes);
    const end = start + page.length;
    return {
      sessionId: session.sessionId,
      revision,
      messages: page,
      nextCursor: end < debug.messages.length ? String(end) : null,
      diagnostics: debug.diagnostics,
      repairs: this.views.repairs(session.key),
      failedEvents: listFailedEvents(this.db, session.key),
      providerChanges,
    };
  }

  /** The provider compactions and edits of the model context's window (read from the log). */
  private async providerChanges(
    key: string,
    messages: readonly DebugMessage[],
  ): Promise<ReturnType<typeof providerContextChanges>> {
    const { events } = await this.contexts.windowEvents(key);
    if (!events.some((logged) => logged.event.type.startsWith('Provider'))) return [];
    return providerContextChanges(events, -1, messages);
  }
}

/** The line's debug view, with the rewound messages of `all` put back in log order, marked. */
function withRewound(
  line: ReturnType<typeof projectToDebug>,
  all: readonly DebugMessage[],
  rewound: ReadonlySet<string>,
): ReturnType<typeof projectToDebug> {
  const onLine = new Map(line.messages.map((message) => [message.id, message]));
  const messages = all.flatMap((message): DebugMessage[] => {
    if (rewound.has(message.id)) {
      return [
        {
          ...message,
          model: {
            status: 'hidden',
            reason: 'rewound',
          },
          rewound: true,
        },
      ];
    }
    const kept = onLine.get(message.id);
    return kept === undefined ? [] : [kept];
  });
  return { ...line, messages };
}

/**
 * Up to `limit` messages from `start`, ending before the one that takes the page past `maxBytes`
 * of JSON (the first is always in it, so a page always moves on).
 */
function debugPage(
  messages: readonly DebugMessage[],
  start: number,
  limit: number,
  maxBytes: number,
): DebugMessage[] {
  const page: DebugMessage[] = [];
  let bytes = 0;
  for (const message of messages.slice(start, start + limit)) {
    bytes += Buffer.byteLength(JSON.stringify(message));
    if (page.length > 0 && bytes > maxBytes) break;
    page.push(message);
  }
  return page;
}
