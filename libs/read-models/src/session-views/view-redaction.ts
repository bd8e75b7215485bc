import { redactSecrets, SECRET_RULES_VERSION } from '@agent-ledger/projections';
import { exportRedaction, type ExportPolicy } from './export-policy';

/**
 * How the views a caller without `audit` reads are redacted under an export policy: by the
 * export's rules, the operator's extra patterns included; turning the export's redaction off
 * (`EXPORT_REDACTION=off` and no extra pattern) does not open the views, which keep the default
 * rules. The server redacts its answers with `redact`, and the search view indexes the text as
 * `redact` leaves it, so a search without `audit` matches only what such a caller can read.
 */
export interface ViewRedactionRule {
  redact: (text: string) => string;
  /** Names the rule (the secret rules' version and the patterns): part of a handler's version. */
  key: string;
}

/** The view redaction of `policy` (see `ViewRedactionRule`). */
export function viewRedaction(policy: ExportPolicy): ViewRedactionRule {
  const exported = exportRedaction(policy).redact;
  const redact = typeof exported === 'function' ? exported : redactSecrets;
  const extraPatterns = policy.extraPatterns ?? [];
  const defaults = policy.redactSecrets !== false || extraPatterns.length === 0;
  return {
    redact,
    key: `${SECRET_RULES_VERSION}:${JSON.stringify({ defaults, extraPatterns })}`,
  };
}
