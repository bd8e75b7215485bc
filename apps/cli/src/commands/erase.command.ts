import { Command } from 'commander';
import { DEFAULT_TENANT } from '@agent-ledger/events';
import type { ErasureReceipt } from '@agent-ledger/session-commands';
import type { CliIo } from '../cli-io';
import { CliError } from '../cli-error';
import { openErasure } from '../ledger/open-erasure';
import { withLedger } from '../ledger/with-ledger';
import { renderReceipt } from '../render/render-receipts';

interface EraseFlags {
  subject?: string;
  tenant: string;
  json?: boolean;
}

/** `erase <session>` / `erase --subject <id>`: an erasure, run on the store; prints its receipt. */
export function eraseCommand(io: CliIo): Command {
  return new Command('erase')
    .description(
      'Erase a session, or every session of a data subject (--subject), from the store the server writes: the events (on the embedded store, their bytes), the read models, the decider snapshot; prints the receipt (the same one when run again). A server running beside it stops serving the sessions and purges its read models when it meets the erasure in the log.',
    )
    .argument('[session]', 'the session id (omit with --subject)')
    .option('--subject <id>', 'erase every session whose first append named this subjectId')
    .option('--tenant <tenant>', 'the tenant of the sessions', DEFAULT_TENANT)
    .option('--json', 'print the receipt as JSON')
    .action((sessionId: string | undefined, flags: EraseFlags) =>
      withLedger(io, async (ledger) => {
        if ((sessionId === undefined) === (flags.subject === undefined)) {
          throw new CliError('Name a session, or a data subject with --subject (one of the two).');
        }
        const erasure = await openErasure(ledger);
        const requestedBy = { via: 'cli' as const };
        const receipt: ErasureReceipt =
          flags.subject !== undefined
            ? await erasure.eraseSubject({
                tenant: flags.tenant,
                subjectId: flags.subject,
                requestedBy,
              })
            : await erasure.eraseSession({
                tenant: flags.tenant,
                sessionId: sessionId ?? '',
                requestedBy,
              });
        io.stdout.write(
          flags.json === true
            ? `${JSON.stringify(receipt, null, 2)}\n`
            : `${renderReceipt(receipt)}\n`,
        );
      }),
    );
}
