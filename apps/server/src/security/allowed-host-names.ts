import os from 'node:os';
import type { HttpHardeningConfig } from '@agent-ledger/config';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '']);

/**
 * The host names a request's `Host` header may name (`'*'`: any): `ALLOWED_HOSTS` when set, else
 * the loopback names and `HOST` itself — and, when bound to every interface, the machine's name
 * and its interfaces' addresses. A name a DNS rebinding attack points at this server is in none.
 */
export function allowedHostNames(
  bindHost: string,
  config: Pick<HttpHardeningConfig, 'allowedHosts'>,
): ReadonlySet<string> | '*' {
  if (config.allowedHosts === '*') return '*';
  if (config.allowedHosts.length > 0) return new Set(config.allowedHosts);
  const names = new Set([...LOOPBACK_NAMES, bindHost.toLowerCase()]);
  if (ALL_INTERFACES.has(bindHost)) {
    names.add(os.hostname().toLowerCase());
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const address of addresses ?? []) names.add(address.address.toLowerCase());
    }
  }
  return names;
}

/** Splits a `Host` header into its name (brackets of an IPv6 address removed) and port, if any. */
export function parseHostHeader(host: string): { name: string; port: number | undefined } {
  const match = /^(?:\[([^\]]+)\]|([^:]*))(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (match === null) return { name: host, port: undefined };
  const port = match[3] === undefined ? undefined : Number(match[3]);
  return { name: match[1] ?? match[2] ?? '', port };
}

// Where the configuration decides its defaults by it (the rate limit), the rule lives there.
export { isLoopbackHost } from '@agent-ledger/config';
