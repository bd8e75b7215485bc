import { isSha256 } from '@agent-ledger/blobs';
import { InvalidDigestHeaderError } from './blob-http-errors';

type Headers = Record<string, string | string[] | undefined>;

/**
 * The SHA-256 an upload announces, as lower-case hex: `x-content-sha256: <hex>`, `Repr-Digest:
 * sha-256=:<base64>:` (RFC 9530) or `Digest: SHA-256=<base64>` (RFC 3230); `undefined` when none
 * names SHA-256 (other algorithms are ignored). A SHA-256 that is not 32 bytes, or headers that
 * disagree, are an `InvalidDigestHeaderError`. Pure.
 */
export function expectedSha256Of(headers: Headers): string | undefined {
  const found = new Set<string>();
  const hex = single(headers['x-content-sha256']);
  if (hex !== undefined) {
    const lower = hex.trim().toLowerCase();
    if (!isSha256(lower)) throw new InvalidDigestHeaderError('x-content-sha256');
    found.add(lower);
  }
  for (const name of ['repr-digest', 'content-digest', 'digest'] as const) {
    const value = single(headers[name]);
    if (value === undefined) continue;
    for (const member of value.split(',')) {
      const separator = member.indexOf('=');
      if (separator < 0) continue;
      if (member.slice(0, separator).trim().toLowerCase() !== 'sha-256') continue;
      const encoded = member
        .slice(separator + 1)
        .trim()
        .replace(/^:(.*):$/, '$1');
      const bytes = Buffer.from(encoded, 'base64');
      if (bytes.length !== 32 || bytes.toString('base64') !== encoded) {
        throw new InvalidDigestHeaderError(name);
      }
      found.add(bytes.toString('hex'));
    }
  }
  if (found.size > 1) throw new InvalidDigestHeaderError('digest headers (they disagree)');
  return [...found][0];
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
