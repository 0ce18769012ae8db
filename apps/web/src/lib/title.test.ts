import { describe, expect, it } from 'vitest';
import { handleOf } from '../config/paths';
import { resolveRouteName, resolveTitle } from './title';

describe('document title (spec section 2)', () => {
  it('takes the deepest matched route that has a title', () => {
    const matches = [
      { handle: undefined },
      { handle: { title: 'Campaigns' } },
      { handle: handleOf('campaign.view') },
    ];
    expect(resolveTitle(matches)).toBe('Campaign · Adstudio');
  });
  it('skips deeper routes without a title', () => {
    expect(resolveTitle([{ handle: { title: 'Profiles' } }, { handle: {} }, {}])).toBe('Profiles · Adstudio');
  });
  it('falls back to the product name', () => {
    expect(resolveTitle([])).toBe('Adstudio');
    expect(resolveTitle([{ handle: { title: '' } }])).toBe('Adstudio');
  });
  it('uses the spec titles', () => {
    expect(resolveTitle([{ handle: handleOf('externalpreview') }])).toBe('Creative Preview · Adstudio');
    expect(resolveTitle([{ handle: handleOf('externalreport') }])).toBe('Campaign Report · Adstudio');
    expect(resolveTitle([{ handle: handleOf('myaccount') }])).toBe('Account · Adstudio');
    expect(resolveTitle([{ handle: handleOf('redirect') }])).toBe('Redirecting · Adstudio');
  });
  it('names the deepest named route', () => {
    expect(
      resolveRouteName([{ handle: handleOf('dashboard') }, { handle: handleOf('profile.errors.view') }]),
    ).toBe('profile.errors.view');
    expect(resolveRouteName([{}])).toBe('');
  });
});
