import { Command } from 'commander';
import { parseDuration } from '@agent-ledger/config';
import { DEFAULT_TENANT, splitSessionKey } from '@agent-ledger/events';
import { SessionListReader } from '@agent-ledger/read-models';
import type { CliIo } from '../cli-io';
import { CliError } from '../cli-error';
import { openErasure } from '../ledger/open-erasure';
import { withLedger } from '../ledger/with-ledger';
import { renderReceipt } from '../render/render-receipts';

interface RetentionFlags {
  maxIdle: string;
  action: string;
  dryRun?: boolean;
  tenant: string;
}

/** `retention --max-idle 30d [--dry-run]`: one retention run on a tenant. */
export function retentionCommand(io: CliIo): Command {
  return new Command('retention')
    .description(
      'Erase (or strip the content of) the sessions of a tenant idle for longer than --max-idle, with a receipt; --dry-run only lists them. Idle sessions are found in the session list and checked against the log.',
    )
    .requiredOption('--max-idle <duration>', 'idle time: 30d, 12h, 90m, 2s')
    .option('--action <action>', 'erase or strip-content', 'erase')
    .option('--dry-run', 'list the sessions that would go; erase nothing')
    .option('--tenant <tenant>', 'the tenant', DEFAULT_TENANT)
    .action((flags: RetentionFlags) =>
      withLedger(io, async (ledger) => {
        const maxIdleMs = parseDuration(flags.maxIdle);
        if (maxIdleMs === undefined) {
          throw new CliError(
            `--max-idle is ${JSON.stringify(flags.maxIdle)}; give a duration such as 30d, 12h or 2s.`,
          );
        }
        if (flags.action !== 'erase' && flags.action !== 'strip-content') {
          throw new CliError(
            `--action is ${JSON.stringify(flags.action)}; give erase or strip-content.`,
          );
        }
        const idleBefore = new Date(Date.now() - maxIdleMs).toISOString();
        const reader = new SessionListReader(ledger.readModels());
        const candidates: string[] = [];
        let beforePosition: number | undefined;
        for (;;) {
          const page = reader.page({
            limit: 500,
            tenant: flags.tenant,
            ...(beforePosition === undefined ? {} : { beforePosition }),
          });
          for (const summary of page.sessions) {
            if (summary.contentErased === true) continue;
            if (Date.parse(summary.lastActivityAt) < Date.parse(idleBefore)) {
              candidates.push(splitSessionKey(summary.sessionId).sessionId);
            }
          }
          if (page.nextPosition === undefined) break;
          beforePosition = page.nextPosition;
        }
        if (flags.dryRun === true) {
          io.stdout.write(
            candidates.length === 0
              ? `No session of tenant ${flags.tenant} is idle over ${flags.maxIdle}.\n`
              : `Would ${flags.action} ${candidates.length} session(s) idle over ${flags.maxIdle} (last event before ${idleBefore}):\n${candidates.join('\n')}\n`,
          );
          return;
        }
        const receipt = await (
          await openErasure(ledger)
        ).eraseSessions({
          tenant: flags.tenant,
          sessionIds: candidates,
          action: flags.action,
          maxIdle: flags.maxIdle,
          idleBefore,
        });
        io.stdout.write(
          receipt === undefined
            ? `No session of tenant ${flags.tenant} is idle over ${flags.maxIdle}.\n`
            : `${renderReceipt(receipt)}\n`,
        );
      }),
    );
}
