import { Command } from '@nestjs/cqrs';
import type {
  ClaudeCodeEntriesRequest,
  ClaudeCodeEntriesResult,
  SessionWriter,
} from '@agent-ledger/session-commands';

/** Keep a batch of a Claude Agent SDK session's raw entries and map them to runtime messages. */
export class RecordClaudeCodeEntriesCommand extends Command<ClaudeCodeEntriesResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly request: ClaudeCodeEntriesRequest,
  ) {
    super();
  }
}
