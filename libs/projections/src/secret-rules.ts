import { isRandom40CharacterKey } from './is-random-40-character-key';

/** The text that replaces a redacted secret. */
const REDACTED = '[REDACTED]';

/**
 * Names whose assigned value is a secret: `DB_PASSWORD=…`, `api_key: …`, `"client_secret": "…"`,
 * and the same with a prefix or suffix that keeps them secret: `SECRET_KEY=…`,
 * `AWS_SECRET_ACCESS_KEY=…`, `"SecretAccessKey": …`, `sessionToken: …`, `PASSWORD_PROD=…`. A
 * suffix outside the list (`api_key_id`, `password_min_length`) is not a secret.
 */
const SECRET_NAME = String.raw`[A-Za-z0-9_-]*?(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key|account[_-]?key)(?:[_-]?(?:access[_-]?key|key|token|value|b64|base64|prod|production|staging|dev|test|live))*`;

/** A type annotation after a secret-ish name (`password: string`) is code, not a secret. */
const TYPE_NAME = String.raw`(?:string|number|boolean|any|unknown|str|int|bytes|null|undefined|None|true|false)\b`;

/** A secret pattern of `redactSecrets` and what replaces a match. */
export type SecretRule = readonly [RegExp, string | ((...groups: string[]) => string)];

/** `redactSecrets`' rules, applied in this order: specific key formats first. */
export const SECRET_RULES: readonly SecretRule[] = [
  [
    /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g,
    '[REDACTED PRIVATE KEY]',
  ],
  // Key formats with a fixed prefix. Sources: each provider's documentation of its key format,
  // cross-checked with the gitleaks default rule set (config/gitleaks.toml) and secretlint's rules.
  [/\bsk-ant-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, REDACTED],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, REDACTED],
  [/\bgithub_pat_[A-Za-z0-9_]{22,}/g, REDACTED],
  [/\bglpat-[A-Za-z0-9_-]{20,}/g, REDACTED],
  [/\bnpm_[A-Za-z0-9]{36}\b/g, REDACTED],
  [/\bhf_[A-Za-z0-9]{30,}\b/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{35}/g, REDACTED],
  [/\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}\b/g, REDACTED],
  [/\bxox[abposr]-[0-9A-Za-z-]{10,}/g, REDACTED],
  [/\bhooks\.slack\.com\/services\/[A-Za-z0-9/]{20,}/g, `hooks.slack.com/services/${REDACTED}`],
  [/\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g, REDACTED],
  // Credentials inside a connection string or URL: the password goes, the user and host stay.
  [
    /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"']*):([^\s/?#@"']+)@/gi,
    (_match: string, start: string) => `${start}:${REDACTED}@`,
  ],
  [/\b((?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/=]{20,}/g, `$1${REDACTED}`],
  // `mysql -pSECRET` (no space: with one, mysql prompts for the password).
  [
    /(\bmysql(?:dump|admin|import|sh)?\b[^\n]*?\s)-p(?!\s|\[REDACTED)(\S+)/g,
    (_match: string, start: string) => `${start}-p${REDACTED}`,
  ],
  [/\b(Bearer)\s+[A-Za-z0-9._~+/-]{16,}=*/gi, `$1 ${REDACTED}`],
  [/\b(Authorization\s*[:=]\s*Basic)\s+[A-Za-z0-9+/]{8,}=*/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [
    new RegExp(
      String.raw`\b(${SECRET_NAME})(["']?\s*[:=]\s*)(?!\[REDACTED|${TYPE_NAME})("[^"\n]*"|'[^'\n]*'|[^\s&,;"'}\]]+)`,
      'gi',
    ),
    (_match: string, name: string, separator: string, value: string) => {
      const quote = value.startsWith('"') || value.startsWith("'") ? value.charAt(0) : '';
      return `${name}${separator}${quote}${REDACTED}${quote}`;
    },
  ],
  // An AWS secret access key found bare (no name, no AKIA id beside it): 40 characters of
  // base64, alone; `isRandom40CharacterKey` tells it from a hash, a path or base64 of text.
  [
    /(?<![A-Za-z0-9/+_-])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=_-])/g,
    (match: string) => (isRandom40CharacterKey(match) ? REDACTED : match),
  ],
];

/**
 * Changes whenever `SECRET_RULES` change what they redact: a read model that stores redacted text
 * can put it in its version, so that it is rebuilt under the new rules.
 */
export const SECRET_RULES_VERSION = '3';

/** The tail of a secret-named assignment in `SECRET_CANDIDATE`: `…_KEY = `, `…token":`. */
const ASSIGNED = String.raw`[\w-]*["']?\s*[:=]`;

/**
 * One pass that finds a piece of text every match of a rule contains (the rules one per
 * alternative, loosened: no `\b`, case ignored, shorter tails). Text where it finds nothing has
 * no match of any rule, and no replacement can create one (`[REDACTED…]` holds none of these),
 * so `redactSecrets` returns such text as it is without running the rules. Keep it in step with
 * `SECRET_RULES`: `redact-secrets.spec.ts` checks that a text it misses is never changed.
 *
 * The alternatives are grouped by their first letter (`s(?:k-…|g\.|ecret…)`), which matches the
 * same texts as listing them one by one and lets the engine try one group per position of the
 * text instead of every alternative: about half the time per character.
 */
export const SECRET_CANDIDATE = new RegExp(
  [
    '-----BEGIN',
    String.raw`s(?:k-[\w-]{16}|k_(?:live|test)_|g\.|haredaccesskey=|ecret${ASSIGNED})`,
    String.raw`a(?:[KS]IA|Iza|ccountkey=|uthorization\s*[:=]|pi[_-]?key${ASSIGNED}|ccount[_-]?key${ASSIGNED})`,
    'g(?:h[pousr]_|ithub_pat_|lpat-)',
    'npm_',
    String.raw`h(?:f_|ooks\.slack\.com)`,
    'rk_(?:live|test)_',
    'xox[a-z]-',
    String.raw`:\/\/[^\s:/?#@"']*:`,
    'mysql',
    String.raw`bearer\s`,
    'eyJ',
    `p(?:assw(?:or)?d|rivate[_-]?key)${ASSIGNED}`,
    `token${ASSIGNED}`,
    '[A-Za-z0-9/+]{40}',
  ].join('|'),
  'i',
);
