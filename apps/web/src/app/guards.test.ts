import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInUrl } from '../lib/auth';
import { redirectLoader, safeAppPath } from './guards';

describe('sign-in redirect', () => {
  it('passes the current path as redirect_app unless it is /', () => {
    expect(signInUrl('', '/campaigns/4?tab=report')).toBe(
      '/auth/login?redirect_app=%2Fcampaigns%2F4%3Ftab%3Dreport',
    );
    expect(signInUrl('', '/')).toBe('/auth/login');
    expect(signInUrl('', null)).toBe('/auth/login');
    expect(signInUrl('https://api.example.com', '/dashboard')).toBe(
      'https://api.example.com/auth/login?redirect_app=%2Fdashboard',
    );
  });
  it('follows only same-app paths', () => {
    expect(safeAppPath('/dashboard')).toBe('/dashboard');
    expect(safeAppPath('//evil.example')).toBeNull();
    expect(safeAppPath('/\\evil.example')).toBeNull();
    expect(safeAppPath('https://evil.example')).toBeNull();
    expect(safeAppPath(null)).toBeNull();
    expect(safeAppPath('/..//evil.example')).toBeNull();
    expect(safeAppPath('/redirect//evil.example/x')).toBeNull();
  });
});

describe('redirectLoader (/redirect/*)', () => {
  // The real router matches the path, so the loader sees the params React Router gives it.
  const handler = createStaticHandler([{ path: '/redirect/*', loader: redirectLoader }]);
  const target = async (path: string) => {
    const result = await handler.query(new Request(`http://app.example${path}`));
    if (!(result instanceof Response)) throw new Error(`${path} did not redirect`);
    return result.headers.get('Location');
  };

  it.each([
    ['/redirect/campaigns/4', '/campaigns/4'],
    ['/redirect/campaigns?tab=history&page=2', '/campaigns?tab=history&page=2'],
    [
      '/redirect/campaigns/4/viewreport/2026-01-01/2026-01-31',
      '/campaigns/4/viewreport/2026-01-01/2026-01-31',
    ],
    ['/redirect/', '/'],
  ])('re-enters %j at %j', async (path, expected) => {
    expect(await target(path)).toBe(expected);
  });

  it.each([
    '/redirect//evil.example/x',
    '/redirect///evil.example',
    '/redirect/%2F%2Fevil.example',
    '/redirect/%2f/evil.example',
    '/redirect/%5Cevil.example',
    '/redirect/%5C%5Cevil.example',
    '/redirect/.//evil.example',
    '/redirect/x/..//evil.example',
    '/REDIRECT//evil.example',
    '/redirect/redirect//evil.example',
    '/redirect/%09/evil.example',
  ])('sends %j to the dashboard', async (path) => {
    expect(await target(path)).toBe('/dashboard');
  });

  it('never answers a location on another origin', async () => {
    const location = await target('/redirect//evil.example/x');
    expect(new URL(location ?? '', 'http://app.example').origin).toBe('http://app.example');
  });
});
