// Tests of the client address behind trusted proxies, and of reading those proxies from the environment.
import type { IncomingMessage } from 'node:http';
import { clientAddress, trustedProxiesFromEnv } from './client-address';

function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientAddress', () => {
  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('10.0.0.9', '203.0.113.7'), 0)).toBe('10.0.0.9');
  });

  it('is the address the one trusted proxy saw, not what the client claims', () => {
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', '1.2.3.4, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', ['1.2.3.4', ' 203.0.113.7 '].join(',')), 1)).toBe('203.0.113.7');
  });

  it('skips the addresses added by each trusted proxy', () => {
    expect(clientAddress(request('10.0.0.2', '1.2.3.4, 203.0.113.7, 10.0.0.1'), 2)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', ['1.2.3.4, 203.0.113.7', '10.0.0.1']), 2)).toBe('203.0.113.7');
  });

  it('falls back to the leftmost address when the chain is shorter than the trusted proxies', () => {
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), 3)).toBe('203.0.113.7');
  });
});

describe('trustedProxiesFromEnv', () => {
  it('reads a small whole number, and 0 when unset', () => {
    expect([undefined, '', '0', '1', '10'].map(trustedProxiesFromEnv)).toEqual([0, 0, 0, 1, 10]);
  });

  it('refuses anything else with what it expects', () => {
    for (const bad of ['-1', '11', '1.5', 'yes']) {
      expect(() => trustedProxiesFromEnv(bad)).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server, 0 to 10; got "${bad}"`,
      );
    }
  });
});
