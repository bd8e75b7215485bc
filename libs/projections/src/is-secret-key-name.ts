/** Property names whose string value is a secret whatever it looks like. */
const SECRET_KEY_NAME =
  /(?:password|passwd|secret|api[_-]?key|token|private[_-]?key|account[_-]?key|authorization|credentials?|connection[_-]?string)(?:[_-]?(?:access[_-]?key|key|token|value|b64|base64))?$/i;

/**
 * True when a JSON property named `key` holds a secret (`password`, `apiKey`, `client_secret`,
 * `accessToken`, `Authorization`, `SECRET_KEY`, `SecretAccessKey`, `connectionString`, …): exports redact such values whole, since a secret inside
 * structured tool input need not match any text pattern.
 */
export function isSecretKeyName(key: string): boolean {
  return SECRET_KEY_NAME.test(key);
}
