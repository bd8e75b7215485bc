import { SECRET_CANDIDATE, SECRET_RULES } from './secret-rules';

/**
 * The default redaction hook of exports: replaces API keys and credentials found in `text` by
 * `[REDACTED]` — OpenAI `sk-…`, Anthropic `sk-ant-…`, AWS `AKIA…`/`ASIA…` and secret access keys
 * (by their names), GitHub `ghp_…` (and `gho_`, `ghu_`, `ghs_`, `ghr_`) and `github_pat_…`,
 * GitLab `glpat-…`, npm `npm_…`, Hugging Face `hf_…`, Google `AIza…`, Stripe `sk_live_…`/`rk_…`,
 * Slack `xox…-` tokens and webhook URLs, SendGrid `SG.…`, Azure `AccountKey=`, passwords in URLs
 * and connection strings (`postgres://user:[REDACTED]@host`), `mysql -p…`, `Bearer …` tokens,
 * `Authorization: Basic …`, JWTs, `password=`/`api_key:`/`…_TOKEN=`/`SECRET_KEY=` style
 * assignments (quotes kept), and PEM private key blocks. Patterns are deliberately specific: prose
 * and code (`password: string`) are left alone. Text with no candidate for any pattern
 * (`SECRET_CANDIDATE`, one pass) is returned as it is.
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
