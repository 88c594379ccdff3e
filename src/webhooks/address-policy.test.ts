import { addressAllowed, checkEndpointUrl, forbiddenAddress } from './address-policy';

const HTTPS_ONLY = { allowHttp: false, allowAddresses: [] };

describe('forbiddenAddress', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['[::1]', 'loopback'],
  ])('%s is %s', (address, reason) => {
    expect(forbiddenAddress(address)).toBe(reason);
  });

  test.each([
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.1',
    '8.8.8.8',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(forbiddenAddress(address)).toBeNull();
  });

  test('a name is not an address', () => {
    expect(forbiddenAddress('example.com')).toBe('not an IP address');
  });

  test('an exact allowed address lifts the rule for it only', () => {
    expect(addressAllowed('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(addressAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('8.8.8.8', [])).toBe(true);
  });
});

describe('checkEndpointUrl', () => {
  test('a public https URL passes', () => {
    expect(checkEndpointUrl('https://hooks.example.com/perudo?x=1', HTTPS_ONLY)).toBeNull();
    expect(checkEndpointUrl('https://93.184.215.14:8443/hook', HTTPS_ONLY)).toBeNull();
  });

  test('http only where allowed', () => {
    expect(checkEndpointUrl('http://hooks.example.com/', HTTPS_ONLY)).toEqual({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: 'url must use https (this server does not send webhooks over plain http)',
    });
    expect(checkEndpointUrl('http://hooks.example.com/', { ...HTTPS_ONLY, allowHttp: true })).toBeNull();
    expect(checkEndpointUrl('ftp://hooks.example.com/', { ...HTTPS_ONLY, allowHttp: true })).toEqual({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: 'url must use https or http',
    });
  });

  test.each([
    ['https://127.0.0.1/hook', 'loopback', '127.0.0.1'],
    ['https://[::1]:8080/hook', 'loopback', '::1'],
    ['https://10.1.2.3/hook', 'private', '10.1.2.3'],
    ['https://172.20.0.5/hook', 'private', '172.20.0.5'],
    ['https://192.168.0.10/hook', 'private', '192.168.0.10'],
    ['https://169.254.169.254/latest/meta-data', 'link-local', '169.254.169.254'],
    ['https://0x7f.1/hook', 'loopback', '127.0.0.1'],
    ['https://2130706433/hook', 'loopback', '127.0.0.1'],
  ])('%s is refused', (url, reason, host) => {
    expect(checkEndpointUrl(url, HTTPS_ONLY)).toEqual({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: `url may not point to a ${reason} address (${host}): webhooks go to public addresses only`,
    });
  });

  test('localhost names are refused without a lookup', () => {
    expect(checkEndpointUrl('https://localhost:3000/', HTTPS_ONLY)?.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(checkEndpointUrl('https://api.localhost/', HTTPS_ONLY)?.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
  });

  test('an allowed address passes', () => {
    expect(
      checkEndpointUrl('http://127.0.0.1:9000/', { allowHttp: true, allowAddresses: ['127.0.0.1'] }),
    ).toBeNull();
  });

  test('what is not a URL, or carries credentials, is bad input', () => {
    expect(checkEndpointUrl('not a url', HTTPS_ONLY)?.code).toBe('BAD_USER_INPUT');
    expect(checkEndpointUrl('https://user:pw@example.com/', HTTPS_ONLY)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'url may not carry a user name or password',
    });
    expect(checkEndpointUrl(`https://example.com/${'a'.repeat(2100)}`, HTTPS_ONLY)?.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});
