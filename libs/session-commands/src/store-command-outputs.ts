import type { SessionCommand } from '@agent-ledger/sessions';
import { storeLargeOutputs, type LargeOutputStorage } from './store-large-outputs';

/**
 * `command` with the large tool outputs of the messages it carries stored as blobs
 * (`storeLargeOutputs`): an append's messages, a model call's response messages; any other
 * command as it is.
 */
export async function storeCommandOutputs<T extends SessionCommand>(
  command: T,
  storage: LargeOutputStorage,
): Promise<T> {
  if (command.type === 'AppendMessages') {
    return { ...command, messages: await storeLargeOutputs(command.messages, storage) };
  }
  if (command.type === 'RecordModelCall') {
    const responseMessages = [];
    for (const messages of command.responseMessages) {
      responseMessages.push(await storeLargeOutputs(messages, storage));
    }
    return { ...command, responseMessages };
  }
  return command;
}
