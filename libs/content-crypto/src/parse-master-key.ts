import { ContentKeyStoreConfigError } from './errors';

/**
 * `CONTENT_MASTER_KEY`: 32 bytes in base64 (`openssl rand -base64 32`). Anything else is a
 * `ContentKeyStoreConfigError` saying what is accepted; never echoes the value.
 */
export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const bytes = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || bytes.length !== 32) {
    throw new ContentKeyStoreConfigError(
      `CONTENT_MASTER_KEY must be 32 bytes in base64 (44 characters, e.g. the output of \`openssl rand -base64 32\`); the value given decodes to ${bytes.length} bytes.`,
    );
  }
  return bytes;
}
