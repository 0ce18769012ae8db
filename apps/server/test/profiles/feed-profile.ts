import type { Profile } from '@adstudio/contract';
import { expect } from 'vitest';
import type { Client, TestApp } from '../helper';

/**
 * Creates a profile of an uploaded feed (the storage key of its CSV) and answers it once its first
 * sync has ended.
 */
export async function profileFromUpload(
  t: TestApp,
  client: Client,
  key: string,
  name: string,
): Promise<Profile> {
  const res = await client.post('/v1/profiles', { name, source: 'upload', key, file_name: 'feed.csv' });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobs.idle();
  const read = await client.get(`/v1/profiles/${(res.json().data as Profile).id}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json().data;
}
