import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 8080, SQLite in ./data, seeding on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/adstudio.sqlite') });
    expect(config.seed).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.admin.email).toBe('admin@example.com');
    expect(config.sentryDsn).toBeUndefined();
  });

  it("takes feeds up to Studio's 100 MB unless FEED_MAX_MB says more", () => {
    expect(loadConfig({}).feeds.maxBytes).toBe(100 * 1024 * 1024);
    expect(loadConfig({ FEED_MAX_MB: '1024' }).feeds.maxBytes).toBe(1024 * 1024 * 1024);
    expect(() => loadConfig({ FEED_MAX_MB: '0' })).toThrow(ConfigError);
  });

  it('derives APP_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '9000' }).appUrl).toBe('http://localhost:9000');
    const https = loadConfig({ APP_URL: 'https://ads.example.com/' });
    expect(https.appUrl).toBe('https://ads.example.com');
    expect(https.secureCookies).toBe(true);
  });

  it('sends sign-in back to SPA_URL, which defaults to APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://api.example.com' }).spaUrl).toBe('https://api.example.com');
    const split = loadConfig({ APP_URL: 'https://api.example.com', SPA_URL: 'https://ads.example.com/app/' });
    expect(split.spaUrl).toBe('https://ads.example.com/app');
    expect(split.appUrl).toBe('https://api.example.com');
  });

  it('reads CORS_ORIGINS as a list of origins spelled as browsers send them; none by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({
        CORS_ORIGINS: 'https://Ads.Example.com, http://127.0.0.1:5173/,https://ads.example.com:443',
      }).corsOrigins,
    ).toEqual(['https://ads.example.com', 'http://127.0.0.1:5173']);
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/ads' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/ads',
    });
  });

  it('resolves relative paths against the folder npm was run from', () => {
    const config = loadConfig({ INIT_CWD: '/srv/adstudio', DATA_DIR: 'var', WEB_DIST: 'web' });
    expect(config.dataDir).toBe('/srv/adstudio/var');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/adstudio/var/adstudio.sqlite' });
    expect(config.webDist).toBe('/srv/adstudio/web');
    expect(loadConfig({ INIT_CWD: '/srv/adstudio', DATABASE_URL: 'sqlite:db/x.sqlite' }).database).toEqual({
      kind: 'sqlite',
      file: '/srv/adstudio/db/x.sqlite',
    });
  });

  it('reads TRUST_PROXY as off, a number of hops or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true, saying why', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid TRUST_PROXY \("true"\): true would trust every hop, so a client could pick its own address/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', SEED: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc', /^Invalid PORT \("abc"\): /],
    ['PORT', '70000', /^Invalid PORT \("70000"\): /],
    ['APP_URL', 'ftp://x', /^Invalid APP_URL \("ftp:\/\/x"\): /],
    ['SPA_URL', 'ads.example.com', /^Invalid SPA_URL \("ads.example.com"\): /],
    ['SPA_URL', 'javascript:alert(1)', /^Invalid SPA_URL /],
    ['CORS_ORIGINS', '*', /^Invalid CORS_ORIGINS \("\*"\): must be a comma-separated list of origins/],
    ['CORS_ORIGINS', 'https://a.example.com/app', /^Invalid CORS_ORIGINS /],
    ['CORS_ORIGINS', 'https://a.example.com,', /^Invalid CORS_ORIGINS /],
    ['CORS_ORIGINS', 'https://a.example.com ftp://b.example.com', /^Invalid CORS_ORIGINS /],
    ['CORS_ORIGINS', 'null', /^Invalid CORS_ORIGINS /],
    ['DATABASE_URL', 'mysql://x', /^Invalid DATABASE_URL \("mysql:\/\/x"\): must start with postgres/],
    ['TRUST_PROXY', '10.0.0.0/33', /^Invalid TRUST_PROXY \("10.0.0.0\/33"\): must be false, a number/],
    ['TRUST_PROXY', 'proxy.example.com', /^Invalid TRUST_PROXY /],
    ['TRUST_PROXY', '10.0.0.1,', /^Invalid TRUST_PROXY /],
    ['SEED', 'maybe', /^Invalid SEED \("maybe"\): SEED must be true or false$/],
    ['ADMIN_EMAIL', 'nope', /^Invalid ADMIN_EMAIL \("nope"\): /],
    ['ADMIN_PASSWORD', 'short', /^Invalid ADMIN_PASSWORD \("short"\): must be at least 8 characters$/],
    ['SENTRY_DSN', 'not a url', /^Invalid SENTRY_DSN/],
    ['HELPDESK_KEY', '<script>', /^Invalid HELPDESK_KEY/],
    ['CSP_EXTRA_ORIGINS', "'unsafe-eval'", /^Invalid CSP_EXTRA_ORIGINS/],
    ['APP_KEY', 'short', /^Invalid APP_KEY/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['yes', true],
  ])('reads SEED=%s as %s', (value, expected) => {
    expect(loadConfig({ SEED: value }).seed).toBe(expected);
  });
});
