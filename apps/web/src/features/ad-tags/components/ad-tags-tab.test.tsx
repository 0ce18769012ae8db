import type { AdTagListItem, Creative } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { onePage, testUser } from '../../../lib/test-fixtures';
import {
  byLabel,
  byText,
  choose,
  click,
  renderLoaded,
  tableRows,
  type,
  waitFor,
} from '../../../lib/test-render';
import { AdTagsTab, REVOKE_MESSAGE } from './ad-tags-tab';

const creative = { id: 12, name: 'Skyway MPU', width: 300, height: 250 } as Creative;

const tag = (changes: Partial<AdTagListItem>): AdTagListItem => ({
  id: 1,
  name: 'Homepage MPU',
  media_entity_id: null,
  token: 'tok1',
  ad_server: 'gam',
  serve_url: 'https://render.example/serve/tok1',
  js: '<script src="https://render.example/serve/tok1.js?click=%%CLICK_URL_ESC%%"></script>',
  iframe: '<iframe src="https://render.example/serve/tok1" width="300" height="250"></iframe>',
  created_at: '2026-11-20T10:00:00.000Z',
  revoked_at: null,
  media_entity_name: null,
  impressions_7d: 1234,
  clicks_7d: 56,
  ...changes,
});
const HOME = tag({});
const SPORT = tag({
  id: 2,
  name: 'Sport section',
  ad_server: 'ttd',
  media_entity_id: 3,
  media_entity_name: 'Daily Planet',
  token: 'tok2',
  impressions_7d: 0,
  clicks_7d: 0,
});
const OLD = tag({ id: 3, name: 'Old slot', revoked_at: '2026-11-25T10:00:00.000Z' });

const publishers = onePage(
  [
    {
      id: 3,
      name: 'Daily Planet',
      domain: 'planet.example',
      contact_name: null,
      contact_email: null,
      created_at: '',
      updated_at: '',
      deleted_at: null,
    },
  ],
  1000,
);

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

const listed = (tags: AdTagListItem[]) => (request: ApiRequest) =>
  request.url.startsWith('/v1/media-entities') ? answer(200, publishers) : answer(200, { data: tags });

const renderTab = async () =>
  (await renderLoaded(<AdTagsTab creative={creative} />, 'Loading tags')).container;
const rows = (container: HTMLElement) => tableRows(container, 'ad-tag', 7);

describe('the creative’s tags tab', () => {
  beforeEach(() => {
    reply = listed([HOME, SPORT, OLD]);
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('lists each tag with its publisher, ad server, creation, status and 7-day figures; editors may create and revoke', async () => {
    setUser(testUser(['edit creatives', 'edit campaigns']));
    const container = await renderTab();
    expect(rows(container)).toEqual([
      ['Homepage MPU', '—', 'Google Ad Manager', '20/11/2026', 'Active', '1,234', '56'],
      ['Sport section', 'Daily Planet', 'The Trade Desk', '20/11/2026', 'Active', '0', '0'],
      ['Old slot', '—', 'Google Ad Manager', '20/11/2026', 'Revoked 25/11/2026', '1,234', '56'],
    ]);
    expect(byText('button', 'New tag', container)).toBeDefined();
    expect(byLabel('button', 'Revoke Homepage MPU', container)).toBeDefined();
    // A revoked tag has nothing left to copy or revoke.
    expect(byLabel('button', 'Revoke Old slot', container)).toBeUndefined();
    expect(byLabel('button', 'Show the snippets of Old slot', container)).toBeUndefined();
    // Publishers are asked for when the dialog opens, not with the tab.
    expect(requests.map((request) => request.url)).toEqual(['/v1/creatives/12/tags']);
  });

  it('shows readers the list and the snippets, without New or Revoke, and asks no publishers', async () => {
    setUser(testUser(['qa']));
    const container = await renderTab();
    expect(rows(container).map((row) => row[1])).toEqual(['—', 'Daily Planet', '—']);
    expect(byText('button', 'New tag', container)).toBeUndefined();
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Snippets',
      'Snippets',
    ]);
    expect(requests.map((request) => request.url)).toEqual(['/v1/creatives/12/tags']);

    const toggle = byLabel('button', 'Show the snippets of Homepage MPU', container)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    const js = container.querySelector<HTMLTextAreaElement>('[data-testid="tag-js"]')!;
    expect(js.value).toBe(HOME.js);
    expect(js.readOnly).toBe(true);
    expect(container.querySelector<HTMLTextAreaElement>('[data-testid="tag-iframe"]')!.value).toBe(
      HOME.iframe,
    );
    expect(container.querySelector<HTMLInputElement>('[data-testid="tag-serve-url"]')!.value).toBe(
      HOME.serve_url,
    );
    expect(
      byLabel('button', 'Hide the snippets of Homepage MPU', container)?.getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('says when there are no tags yet, and when they could not be loaded', async () => {
    setUser(testUser(['edit creatives']));
    reply = listed([]);
    let container = await renderTab();
    expect(container.textContent).toContain('No tags yet: create one for each placement');

    reply = () => answer(500, { message: 'Server Error' });
    container = await renderTab();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('The tags could not be loaded.');
    expect(byText('button', 'Retry', container)).toBeDefined();
  });

  it('creates a tag for an ad server from the dialog, showing a 422 beside its field, then the new tag’s snippets', async () => {
    setUser(testUser(['edit creatives', 'edit campaigns']));
    const container = await renderTab();
    await click(byText<HTMLElement>('button', 'New tag', container));
    await waitFor(() => document.querySelectorAll('select[name="media_entity_id"] option').length === 2);
    await type(document.querySelector<HTMLInputElement>('input[name="name"]')!, 'Sidebar');
    const select = document.querySelector<HTMLSelectElement>('select[name="media_entity_id"]')!;
    expect([...select.options].map((option) => option.textContent)).toEqual(['No publisher', 'Daily Planet']);
    await choose(select, '3');
    const server = document.querySelector<HTMLSelectElement>('select[name="ad_server"]')!;
    expect([...server.options].map((option) => option.textContent)).toEqual([
      'Google Ad Manager',
      'Campaign Manager 360',
      'The Trade Desk',
      'Xandr',
      'Generic',
    ]);
    expect(server.value).toBe('gam');
    await choose(server, 'xandr');

    const created = tag({
      id: 4,
      name: 'Sidebar',
      media_entity_id: 3,
      token: 'tok4',
      ad_server: 'xandr',
      impressions_7d: 0,
      clicks_7d: 0,
    });
    reply = (request) =>
      request.method === 'POST'
        ? answer(422, {
            message: 'Invalid.',
            errors: { media_entity_id: ['The selected publisher is invalid.'] },
          })
        : listed([HOME, SPORT, OLD])(request);
    await click(byText<HTMLElement>('button', 'Create tag'));
    await waitFor(() => document.body.textContent!.includes('The selected publisher is invalid.'));
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('/v1/creatives/12/tags');
    expect(post.data).toEqual({ name: 'Sidebar', media_entity_id: 3, ad_server: 'xandr' });

    reply = (request) =>
      request.method === 'POST'
        ? answer(201, { data: created })
        : listed([HOME, SPORT, OLD, created])(request);
    await click(byText<HTMLElement>('button', 'Create tag'));
    await waitFor(() => container.querySelectorAll('tr[data-testid="ad-tag"]').length === 4);
    expect(rows(container)[3]?.[2]).toBe('Xandr');
    await waitFor(
      () => container.querySelector<HTMLTextAreaElement>('[data-testid="tag-js"]')?.value === created.js,
    );
  });

  it('revokes a tag after saying what it does', async () => {
    setUser(testUser(['edit creatives']));
    const container = await renderTab();
    await click(byLabel<HTMLElement>('button', 'Revoke Homepage MPU', container));
    expect(document.body.textContent).toContain(REVOKE_MESSAGE);
    reply = (request) =>
      request.method === 'DELETE' ? answer(204, '') : listed([HOME, SPORT, OLD])(request);
    await click(byText<HTMLElement>('button', 'Revoke', document.querySelector('[role="dialog"]')!));
    await waitFor(() => requests.some((request) => request.method === 'DELETE'));
    expect(requests.find((request) => request.method === 'DELETE')!.url).toBe('/v1/creatives/12/tags/1');
    await waitFor(() => document.querySelector('[role="dialog"]') === null);
  });

  it('moves the focus to “Try it”’s heading when it opens, as a page change does', async () => {
    setUser(testUser(['edit creatives']));
    const { container } = await renderLoaded(
      <AdTagsTab creative={creative} tryIt={(one) => <p>Trying {one.name}</p>} />,
      'Loading tags',
    );
    await click(byLabel<HTMLElement>('button', `Show Try it for ${HOME.name}`, container));
    await waitFor(() => document.activeElement?.tagName === 'H2');
    expect(document.activeElement!.textContent).toBe(`Try ${HOME.name}`);
    expect(document.activeElement!.getAttribute('tabindex')).toBe('-1');
  });

  it('shows a card per tag on a phone, each with its facts and buttons, its snippets under the cards', async () => {
    setUser(testUser(['edit creatives']));
    const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;
    happy.setViewport({ width: 390 });
    try {
      const container = await renderTab();
      expect(container.querySelector('table')).toBeNull();
      const cards = [...container.querySelectorAll('li[data-testid="ad-tag"]')];
      expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
        'Homepage MPU',
        'Sport section',
        'Old slot',
      ]);
      expect([...cards[1]!.querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
        'Publisher',
        'Daily Planet',
        'Ad server',
        'The Trade Desk',
        'Created',
        '20/11/2026',
        'Status',
        'Active',
        'Impressions',
        '0',
        'Clicks',
        '0',
      ]);
      expect([...cards[0]!.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
        'Snippets',
        'Revoke',
      ]);
      expect(cards[2]!.querySelectorAll('button')).toHaveLength(0);
      await click(byLabel<HTMLElement>('button', 'Show the snippets of Sport section', container));
      const panel = container.querySelector('ul + section#ad-tag-snippets')!;
      expect(panel.querySelector('h2')?.textContent).toBe('Snippets of Sport section');
      expect(panel.querySelector<HTMLTextAreaElement>('[data-testid="tag-js"]')?.value).toBe(SPORT.js);
      expect(cards[1]!.getAttribute('aria-current')).toBe('true');
    } finally {
      happy.setViewport({ width: 1024 });
    }
  });
});
