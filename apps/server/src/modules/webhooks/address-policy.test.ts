import { describe, expect, it } from 'vitest';
import { ipLiteralOf, isRefusedAddress } from './address-policy';
import { parseTarget } from './target';

describe('addresses a webhook may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fd00::1',
    'fc12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '64:ff9b::808:808',
    '2002:808:808::',
  ])('allows the public %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('reads IP literals in URL hosts', () => {
    expect(ipLiteralOf('[::1]')).toBe('::1');
    expect(ipLiteralOf('10.0.0.1')).toBe('10.0.0.1');
    expect(ipLiteralOf('example.com')).toBeNull();
  });
});

describe('webhook URLs', () => {
  const strict = { allowPrivate: false, allowHttp: false };
  it.each([
    ['not a url', 'webhook.urlInvalid'],
    ['ftp://example.com/hook', 'webhook.urlInvalid'],
    ['https://example.com/hook#part', 'webhook.urlInvalid'],
    ['http://example.com/hook', 'webhook.urlNotHttps'],
    ['https://user:pw@example.com/hook', 'webhook.urlCredentials'],
    ['https://127.0.0.1/hook', 'webhook.urlPrivate'],
    ['https://2130706433/hook', 'webhook.urlPrivate'], // 127.0.0.1 spelt as one number
    ['https://0x7f.1/hook', 'webhook.urlPrivate'],
    ['https://10.1.2.3/hook', 'webhook.urlPrivate'],
    ['https://169.254.169.254/latest/meta-data/', 'webhook.urlPrivate'],
    ['https://[::1]:8443/hook', 'webhook.urlPrivate'],
    ['https://[::ffff:127.0.0.1]/hook', 'webhook.urlPrivate'],
    ['https://[fd00::1]/hook', 'webhook.urlPrivate'],
    ['https://100.64.1.1/hook', 'webhook.urlPrivate'],
  ])('refuses %s (%s)', (url, key) => {
    expect(parseTarget(url, strict)).toBe(key);
  });

  it('takes a public https URL, and http or private targets only when configured', () => {
    expect(parseTarget('https://hooks.example.com/satportal?x=1', strict)).toBeInstanceOf(URL);
    expect(parseTarget('http://127.0.0.1:9000/hook', { allowPrivate: true, allowHttp: true })).toBeInstanceOf(
      URL,
    );
    expect(parseTarget('http://127.0.0.1:9000/hook', { allowPrivate: true, allowHttp: false })).toBe(
      'webhook.urlNotHttps',
    );
  });
});
