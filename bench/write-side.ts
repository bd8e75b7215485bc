/**
 * What the write-side benchmarks share: the server's write side alone, wired as `AppModule` wires
 * it (no read-model runner competing for the CPU), and one agent turn of 4 messages.
 */
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ServerConfig } from '@agent-ledger/config';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { EventStoreModule } from '../apps/server/src/event-store/event-store.module';
import { SessionsModule } from '../apps/server/src/sessions/sessions.module';
import { CLOCK, SERVER_CONFIG } from '../apps/server/src/tokens';

const TOOL_OUTPUT = 'export function login(user, password) { /* … */ }\n'.repeat(10);

/** The server's write side: the command bus, the event store and the session commands. */
@Module({})
export class WriteSideModule {
  static forRoot(config: ServerConfig): DynamicModule {
    return {
      module: WriteSideModule,
      global: true,
      imports: [CqrsModule.forRoot(), EventStoreModule.forRoot(config), SessionsModule],
      providers: [
        { provide: SERVER_CONFIG, useValue: config },
        { provide: CLOCK, useValue: () => new Date().toISOString() },
      ],
      exports: [SERVER_CONFIG, CLOCK],
    };
  }
}

/** One agent turn: the user's input, a Read call, its result (~500 characters), the answer. */
export function agentTurn(sessionId: string, index: number): RuntimeMessage[] {
  const base = { sessionId, createdAt: '2026-04-08T10:00:00.000Z' };
  return [
    {
      ...base,
      id: `u${index}`,
      kind: 'user_input',
      role: 'user',
      content: `Step ${index}: look at the next file.`,
    },
    {
      ...base,
      id: `c${index}`,
      kind: 'tool_call',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `call_${index}`,
          toolName: 'Read',
          input: { file_path: `src/file-${index}.ts` },
        },
      ],
    },
    {
      ...base,
      id: `r${index}`,
      kind: 'tool_result',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call_${index}`,
          output: { type: 'text', value: TOOL_OUTPUT },
        },
      ],
    },
    {
      ...base,
      id: `a${index}`,
      kind: 'assistant_text',
      role: 'assistant',
      content: `File ${index} looks fine.`,
    },
  ];
}
