import { describe, expect, it } from 'vitest';
import { href, isRouteName, ROUTES } from './paths';

describe('named routes (spec section 2)', () => {
  it('has every named route the spec lists', () => {
    for (const name of [
      'dashboard',
      'myaccount',
      'campaigns.view',
      'campaigns.new',
      'campaign.view',
      'assets.campaign',
      'creatives.view',
      'creatives.new',
      'creative.view',
      'profiles.view',
      'profiles.new',
      'profile.view',
      'conditions.view',
      'conditions.new',
      'condition.view',
    ]) {
      expect(isRouteName(name), name).toBe(true);
    }
    expect(isRouteName('nope.view')).toBe(false);
  });

  it('builds paths with parameters', () => {
    expect(href('dashboard')).toBe('/dashboard');
    expect(href('home')).toBe('/');
    expect(href('campaign.view', { id: 42 })).toBe('/campaigns/42');
    expect(href('campaign.viewreport', { id: 1, start: '2026-01-01', end: '2026-01-31' })).toBe(
      '/campaigns/1/viewreport/2026-01-01/2026-01-31',
    );
    expect(href('assets.campaign', { id: 3 })).toBe('/assets/campaign/3');
    expect(href('creatives.new.campaign', { campaignId: 5 })).toBe('/creatives/new/5');
    expect(href('profile.errors.view', { id: 8 })).toBe('/profiles/8/errors');
  });

  it('drops absent optional parameters and encodes values', () => {
    expect(href('externalpreview', { token: 'a b' })).toBe('/externalpreview/a%20b');
    expect(href('externalpreview', { token: 't', profileRuleId: 9 })).toBe('/externalpreview/t/9');
    expect(href('approvals', { token: 't', approvalId: null })).toBe('/approvals/t');
  });

  it('adds a query string', () => {
    expect(href('login', undefined, { redirect_app: '/campaigns?page=2' })).toBe(
      '/login?redirect_app=%2Fcampaigns%3Fpage%3D2',
    );
    expect(href('login', undefined, { redirect_app: undefined })).toBe('/login');
  });

  it('refuses a missing required parameter', () => {
    expect(() => href('campaign.view', {} as { id: number })).toThrow(/id/);
  });

  it('keeps one title per route', () => {
    expect(ROUTES.dashboard.title).toBe('Dashboard');
    expect(ROUTES.approvals.title).toBe('Approvals');
  });
});
