import { Command } from 'commander';
import { DEFAULT_TENANT } from '@agent-ledger/events';
import type { CliIo } from '../cli-io';
import { openErasure } from '../ledger/open-erasure';
import { withLedger } from '../ledger/with-ledger';
import { renderReceipt } from '../render/render-receipts';

interface ErasuresFlags {
  tenant: string;
  json?: boolean;
}

/** `erasures`: the erasure receipts of a tenant, newest first. */
export function erasuresCommand(io: CliIo): Command {
  return new Command('erasures')
    .description(
      'List the erasure receipts of a tenant, newest first (from the audit stream ledger-erasures): which sessions went, when, who asked, counts per event type, digests of their event ids.',
    )
    .option('--tenant <tenant>', 'the tenant', DEFAULT_TENANT)
    .option('--json', 'print the receipts as JSON')
    .action((flags: ErasuresFlags) =>
      withLedger(io, async (ledger) => {
        const receipts = (await (await openErasure(ledger)).receipts(flags.tenant)).reverse();
        if (flags.json === true) {
          io.stdout.write(`${JSON.stringify(receipts, null, 2)}\n`);
          return;
        }
        io.stdout.write(
          receipts.length === 0
            ? 'No erasure yet.\n'
            : `${receipts.map(renderReceipt).join('\n\n')}\n`,
        );
      }),
    );
}
