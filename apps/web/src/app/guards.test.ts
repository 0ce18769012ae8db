import { describe, expect, it } from 'vitest';
import { signInUrl } from '../lib/auth';
import { safeAppPath } from './guards';

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
  });
});
