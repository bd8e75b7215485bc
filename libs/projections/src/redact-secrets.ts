/** The text that replaces a redacted secret. */
const REDACTED = '[REDACTED]';

/** Names whose assigned value is a secret: `DB_PASSWORD=…`, `api_key: …`, `"client_secret": "…"`. */
const SECRET_NAME = String.raw`(?:[A-Za-z0-9]+[_-])*(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key)`;

/** Each rule: a pattern and its replacement. Order matters: specific key formats first. */
const RULES: ReadonlyArray<readonly [RegExp, string | ((...groups: string[]) => string)]> = [
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
 * The default redaction hook of exports: replaces API keys and credentials found in `text` by
 * `[REDACTED]` — OpenAI `sk-…`, Anthropic `sk-ant-…`, AWS `AKIA…`/`ASIA…`, GitHub `ghp_…`
 * (and `gho_`, `ghu_`, `ghs_`, `ghr_`) and `github_pat_…`, Google `AIza…`, `Bearer …` tokens,
 * `Authorization: Basic …`, JWTs, `password=`/`api_key:`/`…_TOKEN=` style assignments (quotes
 * kept), and PEM private key blocks. Patterns are deliberately specific: prose is left alone.
 */
export function redactSecrets(text: string): string {
  return RULES.reduce(
    (current, [pattern, replacement]) =>
      typeof replacement === 'string'
        ? current.replace(pattern, replacement)
        : current.replace(pattern, replacement),
    text,
  );
}
