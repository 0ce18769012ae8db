import { describe, expect, it } from 'vitest';
import { unreachableHost } from './saved-url';

describe('unreachableHost: what the SSRF guard refuses whatever DNS answers', () => {
  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1'],
    ['http://0x7f.1/hook', '127.0.0.1'],
    ['http://2130706433/hook', '127.0.0.1'],
    ['http://0177.0.0.1/hook', '127.0.0.1'],
    ['http://127.1/hook', '127.0.0.1'],
    ['http://0/hook', '0.0.0.0'],
    ['http://[::1]/hook', '[::1]'],
    ['http://[::ffff:127.0.0.1]/hook', '[::ffff:7f00:1]'],
    ['http://[::ffff:a9fe:a9fe]/latest/meta-data', '[::ffff:a9fe:a9fe]'],
    ['http://[fd00::1]/hook', '[fd00::1]'],
    ['http://[64:ff9b::a00:1]/hook', '[64:ff9b::a00:1]'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://10.1.2.3:8080/hook', '10.1.2.3'],
    ['https://192.168.0.1/', '192.168.0.1'],
    ['http://localhost:3000/hook', 'localhost'],
    ['http://LOCALHOST./hook', 'localhost.'],
    ['http://api.localhost/hook', 'api.localhost'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal'],
    ['http://printer.local/', 'printer.local'],
    ['http://router.home.arpa/', 'router.home.arpa'],
    ['http://intranet/hooks', 'intranet'],
  ])('%s → %s', (url, host) => {
    expect(unreachableHost(url, [])).toBe(host);
  });

  it.each([
    'https://hooks.example.com/adstudio',
    'https://8.8.8.8/x',
    'https://[2606:4700::1111]/x',
    'https://{param:host}/x',
    'https://weather.example.com/v1/current?city={city}',
    'not a url',
  ])('%s may be reached, or is known only at the fetch', (url) => {
    expect(unreachableHost(url, [])).toBeUndefined();
  });

  it('lets DATASOURCE_ALLOW_HOSTS through, by name or address', () => {
    expect(unreachableHost('http://127.0.0.1:9000/hook', ['127.0.0.1'])).toBeUndefined();
    expect(unreachableHost('http://0x7f.1:9000/hook', ['127.0.0.1'])).toBeUndefined();
    expect(unreachableHost('http://feeds.internal/x', ['feeds.internal'])).toBeUndefined();
    expect(unreachableHost('http://10.0.0.9/x', ['127.0.0.1'])).toBe('10.0.0.9');
  });
});
