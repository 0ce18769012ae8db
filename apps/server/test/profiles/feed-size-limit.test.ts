import type { Profile } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { uploadHelpers } from '../uploads/upload-helpers';

// FEED_MAX_MB (docs/decisions/0146): an operator's limit on a feed file, at upload and at reading.
let t: TestApp;
let editor: Client;

beforeAll(async () => {
  t = await buildTestApp({ FEED_MAX_MB: '1' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => editor,
);

/** A CSV of about `kb` KB: 1 KB rows. */
const feedOfKb = (kb: number) =>
  Buffer.from(
    `Unique_ID,Reporting_Label,Headline\n${Array.from(
      { length: kb },
      (_, i) => `r${i},Offer ${i},${'h'.repeat(1000)}`,
    ).join('\n')}\n`,
  );

const create = async (bytes: Buffer) =>
  editor.post('/v1/profiles', {
    name: `Feed ${bytes.length}`,
    source: 'upload',
    key: (await upload(bytes, 'text/csv')).key,
    file_name: 'feed.csv',
  });

describe('FEED_MAX_MB', () => {
  it('refuses an uploaded feed over it, next to the file, and keeps nothing', async () => {
    const res = await create(feedOfKb(1100));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.key).toEqual(['The file is larger than 1 MB.']);
    expect((await editor.get('/v1/profiles')).json().meta.total).toBe(0);
  });

  it('syncs a feed within it', async () => {
    const res = await create(feedOfKb(900));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.idle();
    const profile = (await editor.get(`/v1/profiles/${res.json().data.id}`)).json().data as Profile;
    expect(profile).toMatchObject({ status: 'synced', rows_active: 900 });
  });
});
