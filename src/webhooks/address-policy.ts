// Where a delivery may go: never to this machine, a private network or a cloud's metadata service, whatever a
// URL or a name's DNS answer says (server-side request forgery).
import { BlockList, isIP } from 'node:net';

/** Ranges no delivery may reach, by the reason given. */
const RANGES: readonly (readonly [reason: string, family: 'ipv4' | 'ipv6', net: string, prefix: number])[] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.0.0.0', 24],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '198.18.0.0', 15],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['unique-local', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['site-local', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const BLOCKS = new Map<string, BlockList>();
for (const [reason, family, net, prefix] of RANGES) {
  const list = BLOCKS.get(reason) ?? new BlockList();
  list.addSubnet(net, prefix, family);
  BLOCKS.set(reason, list);
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible or NAT64), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * Why no delivery may go to `address` (an IP address: loopback, private, link-local, unique-local,
 * multicast, unspecified...), or null when it may. Not an IP address at all: 'not an IP address'.
 */
export function forbiddenAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return forbiddenAddress(v4);
  }
  for (const [reason, list] of BLOCKS) if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return reason;
  return null;
}

/** Whether a delivery may connect to `address`, given the addresses the deployment lets through. */
export function addressAllowed(address: string, allowed: readonly string[]): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return allowed.includes(bare) || forbiddenAddress(bare) === null;
}

/** A refused endpoint URL: the rule it breaks. */
export interface UrlRefusal {
  /** WEBHOOK_URL_NOT_ALLOWED for the address rules; BAD_USER_INPUT for a URL that is not one. */
  readonly code: 'WEBHOOK_URL_NOT_ALLOWED' | 'BAD_USER_INPUT';
  readonly message: string;
}

/** Checks an endpoint URL against the rules that can be known without DNS; null when it passes them. */
export function checkEndpointUrl(
  text: string,
  settings: { readonly allowHttp: boolean; readonly allowAddresses: readonly string[] },
): UrlRefusal | null {
  if (text.length > 2048) return { code: 'BAD_USER_INPUT', message: 'url may have at most 2048 characters' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      code: 'BAD_USER_INPUT',
      message: 'url must be an absolute https URL, such as https://example.com/hook',
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && settings.allowHttp))
    return {
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: settings.allowHttp
        ? 'url must use https or http'
        : 'url must use https (this server does not send webhooks over plain http)',
    };
  if (url.username || url.password)
    return { code: 'BAD_USER_INPUT', message: 'url may not carry a user name or password' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    const reason = settings.allowAddresses.includes(host) ? null : forbiddenAddress(host);
    if (reason)
      return {
        code: 'WEBHOOK_URL_NOT_ALLOWED',
        message: `url may not point to a ${reason} address (${host}): webhooks go to public addresses only`,
      };
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    return {
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: `url may not point to ${host}, which names this machine: webhooks go to public addresses only`,
    };
  }
  return null;
}
