import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a socket's remote address counts against for the per-client connection limits: an
 * IPv4 address itself (also when it arrives IPv4-mapped, `::ffff:10.0.0.1`), an IPv6 address's
 * /64 network (one machine usually gets a whole /64, so counting single IPv6 addresses would let
 * it open a new client per address), and `unknown` for a socket already gone.
 */
export function clientOfAddress(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  // A zone (`fe80::1%eth0`) names the interface, not the client; the /64 is the first 4 groups.
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
