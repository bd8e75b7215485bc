import { SECRET_CANDIDATE, SECRET_RULES } from './secret-rules';

/**
 * The default redaction hook of exports: replaces API keys and credentials found in `text` by
 * `[REDACTED]` — OpenAI `sk-…`, Anthropic `sk-ant-…`, AWS `AKIA…`/`ASIA…`, GitHub `ghp_…`
 * (and `gho_`, `ghu_`, `ghs_`, `ghr_`) and `github_pat_…`, Google `AIza…`, `Bearer …` tokens,
 * `Authorization: Basic …`, JWTs, `password=`/`api_key:`/`…_TOKEN=` style assignments (quotes
 * kept), and PEM private key blocks. Patterns are deliberately specific: prose is left alone.
 * Text with no candidate for any pattern (`SECRET_CANDIDATE`, one pass) is returned as it is.
 */
export function redactSecrets(text: string): string {
  if (!SECRET_CANDIDATE.test(text)) return text;
  return SECRET_RULES.reduce(
    (current, [pattern, replacement]) =>
      typeof replacement === 'string'
        ? current.replace(pattern, replacement)
        : current.replace(pattern, replacement),
    text,
  );
}
