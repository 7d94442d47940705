/**
 * Which addresses a webhook may reach (SSRF): loopback, private, link-local, carrier-grade NAT,
 * multicast and reserved ranges are refused unless `server.webhooks.allowPrivateTargets`. Checked
 * on the address actually connected to — the `lookup` the request resolves its host with refuses
 * such answers, and an address written in the URL is checked before connecting — so a host name
 * that resolves differently at delivery time than when the webhook was saved changes nothing.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is in a refused range; IPv4-mapped IPv6 addresses count as their IPv4 one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class PrivateTargetError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to ${address}, a loopback, private or link-local address (server.webhooks.allowPrivateTargets is off)`);
    this.name = 'PrivateTargetError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that answers only public addresses. Node asks for every address
 * (`all: true`) when it races IPv4 and IPv6: refused ones are left out, and none left is an error.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateTargetError(hostname, addresses[0]?.address ?? 'nothing'), []);
    if (options.all) return callback(null, allowed);
    const first = allowed[0]!;
    callback(null, first.address, first.family);
  });
}

/** The refusal for a URL whose host is an IP literal in a refused range, else null. */
export function refusedLiteral(url: URL): PrivateTargetError | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && isPrivateAddress(host) ? new PrivateTargetError(host, host) : null;
}
