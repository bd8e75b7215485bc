import { redactSecrets, type ProjectToExportOptions } from '@agent-ledger/projections';

/**
 * How the export read model redacts and what it keeps. A change of policy changes the
 * session-views handler's version, so the runner rebuilds the export rows under the new policy.
 */
export interface ExportPolicy {
  /** Apply the default secret patterns (`redactSecrets`: API keys, bearer tokens, …). Default true. */
  redactSecrets?: boolean;
  /** More regular expressions (JavaScript source, case-sensitive); every match becomes `[REDACTED]`. */
  extraPatterns?: string[];
  /** Keep assistant reasoning in the export. Default false. */
  includeReasoning?: boolean;
}

/** `projectToExport`'s redaction option for a policy. */
export function exportRedaction(policy: ExportPolicy): ProjectToExportOptions {
  const patterns = (policy.extraPatterns ?? []).map((source) => new RegExp(source, 'g'));
  const defaults = policy.redactSecrets !== false;
  if (!defaults && patterns.length === 0) return { redact: false };
  return {
    redact: (text) =>
      patterns.reduce(
        (current, pattern) => current.replace(pattern, '[REDACTED]'),
        defaults ? redactSecrets(text) : text,
      ),
  };
}
