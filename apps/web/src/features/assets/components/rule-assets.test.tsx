import type { ProcessingAsset, ProfileRule } from '@adstudio/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiTransport, api } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';
import { onePage, testUser } from '../../../lib/test-fixtures';
import { byLabel, byText, cleanup, click, render, renderHook } from '../../../lib/test-render';
import {
  PROCESSING_POLL_MS,
  processingAssetsQueryOptions,
  processingPollInterval,
  useRetryProcessingAssets,
} from '../api/get-processing-assets';
import { ruleOptionsQueryOptions } from '../api/get-rule-options';
import { RuleAssetList, RuleAssets, rulesQuery } from './rule-assets';

const item = (changes: Partial<ProcessingAsset>): ProcessingAsset => ({
  id: 1,
  creative_id: 3,
  rule_id: 11,
  kind: 'image',
  column: 'hero_image',
  source_url: 'https://cdn.example.com/shoes/hero.png',
  state: 'queued',
  reason: null,
  content_type: null,
  size: null,
  width: null,
  height: null,
  url: null,
  thumbnail_url: null,
  updated_at: '2025-01-01T10:00:00Z',
  ...changes,
});

const READY = item({
  id: 1,
  state: 'ready',
  content_type: 'image/png',
  size: 1536,
  width: 300,
  height: 250,
  url: 'https://files.example.com/signed/hero.png',
  thumbnail_url: 'https://files.example.com/signed/hero-thumb.webp',
});
const FAILED = item({
  id: 2,
  column: 'logo',
  source_url: 'https://cdn.example.com/logo.png',
  state: 'failed',
  reason: 'The server answered 404 Not Found.',
});
const FETCHING = item({ id: 3, column: 'badge', state: 'fetching' });
const UNAVAILABLE = item({
  id: 4,
  kind: 'backup',
  column: null,
  source_url: null,
  state: 'unavailable',
  reason: 'No approved package to render.',
});

const rule = (id: number, unique_id: string, reporting_label: string): ProfileRule => ({
  id,
  profile_id: 7,
  unique_id,
  reporting_label,
  position: id,
  is_default: false,
  active: true,
  start: null,
  end: null,
  condition_ids: [],
  data: {},
  ended_at: null,
});

let container: HTMLElement;
let queryClient: QueryClient;
const transport = api.defaults.transport;
const requests: string[] = [];

const renderWithClient = async (ui: ReactNode) => {
  const view = await render(ui, { queryClient });
  container = view.container;
  return view;
};

/** A `list` (a `<ul>`) named by its aria-label. */
const listNamed = (name: string) => byLabel('ul', name, container);
/** A `region` (a `<section>` with a name) named by the heading it points at. */
const regionNamed = (name: string) =>
  [...container.querySelectorAll('section')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const cards = () => [...container.querySelectorAll<HTMLElement>('li')];
const buttons = () => [...container.querySelectorAll('button')].map((button) => button.textContent);

describe('rule assets', () => {
  beforeEach(() => {
    requests.length = 0;
    // No network: every request is recorded and answered from here.
    api.defaults.transport = (async (request) => {
      requests.push(`${request.method} ${request.url}`);
      return { status: 200, statusText: 'OK', data: { data: [] }, headers: {} };
    }) satisfies ApiTransport;
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  });
  afterEach(async () => {
    await cleanup();
    api.defaults.transport = transport;
    setUser(null);
  });

  it('shows each item as a card with its state in words, its reason and its facts', async () => {
    await renderWithClient(
      <RuleAssetList
        items={[READY, FAILED, FETCHING, UNAVAILABLE]}
        uniqueId="SKU-1001"
        retrying={false}
        onRetry={() => {}}
      />,
    );

    const list = listNamed('Rule assets of SKU-1001');
    expect(list).toBeDefined();
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      'hero_image',
      'logo',
      'badge',
      'Backup image',
    ]);
    const chips = cards().map((card) => card.querySelector('.MuiChip-label')?.textContent);
    expect(chips).toEqual(['Ready', 'Failed', 'Fetching', 'Unavailable']);

    const [ready, failed, fetching, backup] = cards() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(ready.textContent).toContain('1.5 KB · 300 × 250');
    const link = ready.querySelector('a');
    expect(link?.getAttribute('href')).toBe(READY.url);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(ready.querySelector('img')?.getAttribute('src')).toBe(READY.thumbnail_url);

    expect(failed.textContent).toContain('The server answered 404 Not Found.');
    expect(failed.querySelector('a')).toBeNull();
    expect(failed.querySelector('[title="https://cdn.example.com/logo.png"]')?.textContent).toBe(
      'https://cdn.example.com/logo.png',
    );
    expect(fetching.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(backup.textContent).toContain('No approved package to render.');
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      '1 of 4 ready · 1 in progress · 1 failed',
    );
  });

  it('offers "Retry failed" only while an item failed', async () => {
    const onRetry = vi.fn();
    const { rerender } = await renderWithClient(
      <RuleAssetList items={[READY, FAILED]} uniqueId="SKU-1001" retrying={false} onRetry={onRetry} />,
    );
    const retry = byText('button', 'Retry failed', container);
    expect(retry).toBeDefined();
    await click(retry);
    expect(onRetry).toHaveBeenCalledOnce();

    await rerender(
      <RuleAssetList
        items={[READY, UNAVAILABLE, FETCHING]}
        uniqueId="SKU-1001"
        retrying={false}
        onRetry={onRetry}
      />,
    );
    expect(buttons()).not.toContain('Retry failed');
  });

  it('polls every 2 seconds while an item is queued or fetching, and stops when none is', () => {
    const poll = (data: ProcessingAsset[] | undefined, status: 'success' | 'error' = 'success') =>
      processingPollInterval({ state: { data, status } as never });
    expect(PROCESSING_POLL_MS).toBe(2000);
    expect(poll([READY, item({ state: 'queued' })])).toBe(2000);
    expect(poll([READY, FETCHING])).toBe(2000);
    expect(poll([READY, FAILED, UNAVAILABLE])).toBe(false);
    expect(poll(undefined)).toBe(false);
    expect(poll([FETCHING], 'error')).toBe(false);
  });

  it('puts the answer of retry=1 into the cache', async () => {
    const key = processingAssetsQueryOptions(3, 11).queryKey;
    queryClient.setQueryData(key, [READY, FAILED]);
    api.defaults.transport = async (request) => {
      requests.push(`${request.method} ${request.url}`);
      return {
        status: 200,
        statusText: 'OK',
        data: { data: [READY, { ...FAILED, state: 'queued', reason: null }] },
        headers: {},
      };
    };
    const { result: retry } = await renderHook(() => useRetryProcessingAssets(3, 11), { queryClient });
    await act(async () => {
      await retry.current.mutateAsync();
    });
    expect(requests).toEqual(['GET /v1/creatives/3/11/processing-assets?retry=1']);
    expect(queryClient.getQueryData(key)?.map((entry) => entry.state)).toEqual(['ready', 'queued']);
  });

  describe('the section', () => {
    const mount = () => renderWithClient(<RuleAssets creativeId={3} profileId={7} />);

    it('is a region that defaults to the profile’s first rule', async () => {
      setUser(testUser(['edit assets', 'edit profiles']));
      queryClient.setQueryData(
        ruleOptionsQueryOptions(7, rulesQuery('')).queryKey,
        onePage([rule(11, 'SKU-1001', 'North – Trail shoes'), rule(12, 'SKU-1002', 'South')]),
      );
      queryClient.setQueryData(processingAssetsQueryOptions(3, 11).queryKey, [READY, UNAVAILABLE]);
      await mount();

      expect(regionNamed('Rule assets')).toBeDefined();
      expect(container.querySelector('input')?.value).toBe('SKU-1001 · North – Trail shoes');
      expect(listNamed('Rule assets of SKU-1001')).toBeDefined();
      expect(cards()).toHaveLength(2);
      expect(requests).toEqual([]);
    });

    it('shows the rule the user picks', async () => {
      setUser(testUser(['edit assets'], ['admin']));
      queryClient.setQueryData(
        ruleOptionsQueryOptions(7, rulesQuery('')).queryKey,
        onePage([rule(11, 'SKU-1001', 'North'), rule(12, 'SKU-1002', 'South')]),
      );
      queryClient.setQueryData(processingAssetsQueryOptions(3, 11).queryKey, [READY]);
      queryClient.setQueryData(processingAssetsQueryOptions(3, 12).queryKey, [FAILED]);
      await mount();
      const input = container.querySelector('input');
      await act(async () => {
        input?.focus();
        input?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      });
      const options = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
      expect(options.map((option) => option.textContent)).toEqual(['SKU-1001 · North', 'SKU-1002 · South']);
      await click(options[1]);

      expect(container.querySelector('input')?.value).toBe('SKU-1002 · South');
      expect(listNamed('Rule assets of SKU-1002')).toBeDefined();
      expect(buttons()).toContain('Retry failed');
      expect(requests).toEqual([]);
    });

    it('says so when the profile has no rules', async () => {
      setUser(testUser(['edit assets'], ['admin']));
      queryClient.setQueryData(ruleOptionsQueryOptions(7, rulesQuery('')).queryKey, onePage([]));
      await mount();
      expect(container.textContent).toContain('This profile has no rules yet.');
      expect(container.querySelector('input')).toBeNull();
    });

    it('needs access to profiles to pick a rule', async () => {
      setUser(testUser(['edit assets']));
      await mount();
      expect(regionNamed('Rule assets')).toBeDefined();
      expect(container.textContent).toContain('Picking a rule needs access to profiles.');
      expect(requests).toEqual([]);
    });
  });
});
