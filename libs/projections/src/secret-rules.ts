/** The text that replaces a redacted secret. */
const REDACTED = '[REDACTED]';

/** Names whose assigned value is a secret: `DB_PASSWORD=…`, `api_key: …`, `"client_secret": "…"`. */
const SECRET_NAME = String.raw`(?:[A-Za-z0-9]+[_-])*(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key)`;

/** A secret pattern of `redactSecrets` and what replaces a match. */
export type SecretRule = readonly [RegExp, string | ((...groups: string[]) => string)];

/** `redactSecrets`' rules, applied in this order: specific key formats first. */
export const SECRET_RULES: readonly SecretRule[] = [
  [
    /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g,
    '[REDACTED PRIVATE KEY]',
  ],
  [/\bsk-ant-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, REDACTED],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, REDACTED],
  [/\bgithub_pat_[A-Za-z0-9_]{22,}/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{35}/g, REDACTED],
  [/\b(Bearer)\s+[A-Za-z0-9._~+/-]{16,}=*/gi, `$1 ${REDACTED}`],
  [/\b(Authorization\s*[:=]\s*Basic)\s+[A-Za-z0-9+/]{8,}=*/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [
    new RegExp(
      String.raw`\b(${SECRET_NAME})(["']?\s*[:=]\s*)(?!\[REDACTED)("[^"\n]*"|'[^'\n]*'|[^\s&,;"'}\]]+)`,
      'gi',
    ),
    (_match: string, name: string, separator: string, value: string) => {
      const quote = value.startsWith('"') || value.startsWith("'") ? value.charAt(0) : '';
      return `${name}${separator}${quote}${REDACTED}${quote}`;
    },
  ],
];

/**
 * One pass that finds a piece of text every match of a rule contains (the rules one per
 * alternative, loosened: no `\b`, case ignored, shorter tails). Text where it finds nothing has
 * no match of any rule, and no replacement can create one (`[REDACTED…]` holds none of these),
 * so `redactSecrets` returns such text as it is without running the rules. Keep it in step with
 * `SECRET_RULES`: `redact-secrets.spec.ts` checks that a text it misses is never changed.
 */
export const SECRET_CANDIDATE =
  /-----BEGIN|sk-[\w-]{16}|A[KS]IA|gh[pousr]_|github_pat_|AIza|bearer\s|authorization\s*[:=]|eyJ|(?:passw(?:or)?d|secret|api[_-]?key|token|private[_-]?key)["']?\s*[:=]/i;
