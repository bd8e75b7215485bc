import type { CliIo } from '../cli-io';
import { openLedger, type Ledger } from './open-ledger';

/** Runs `action` with the stores configured by the environment, and closes them afterwards. */
export async function withLedger<T>(io: CliIo, action: (ledger: Ledger) => Promise<T>): Promise<T> {
  const ledger = openLedger(io.env ?? process.env);
  try {
    return await action(ledger);
  } finally {
    await ledger.close();
  }
}
