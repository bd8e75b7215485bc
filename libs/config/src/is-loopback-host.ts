/**
 * Whether binding to `host` reaches this machine only: an open server (no key) may bind nowhere
 * else, and the rate limit is on by default anywhere else.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(name)
  );
}
