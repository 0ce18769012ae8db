import type { SignedStorageUrl } from '@adstudio/contract';
import { expect } from 'vitest';
import { createTransactor } from '../../src/lib/transaction';
import { createUploadsRepository } from '../../src/modules/uploads/uploads.repository';
import { createUploadsService } from '../../src/modules/uploads/uploads.service';
import type { Client, TestApp } from '../helper';

type ServiceDeps = Parameters<typeof createUploadsService>[0];

/**
 * The Vapor flow as a browser drives it, plus the service on the test app's db and storage. Takes
 * getters because the app is built in `beforeAll`.
 */
export function uploadHelpers(app: () => TestApp, client: () => Client) {
  const service = (overrides: Partial<ServiceDeps> = {}) => {
    const t = app();
    return createUploadsService({
      transaction: createTransactor(t.db),
      uploads: createUploadsRepository(t.db),
      ...t.app.storage,
      appUrl: t.config.appUrl,
      maxUploadBytes: t.config.maxUploadBytes,
      ...overrides,
    });
  };

  /** Step 1, with the body the laravel-vapor client sends. */
  async function sign(contentType = 'image/png'): Promise<SignedStorageUrl> {
    const res = await client().post('/vapor/signed-storage-url', {
      bucket: '',
      content_type: contentType,
      expires: '',
      visibility: '',
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** Step 2: no cookies, no XSRF header, the returned headers minus Host. */
  const put = (url: string, body: Buffer, contentType: string) =>
    app().app.inject({
      method: 'PUT',
      url: url.replace(app().config.appUrl, ''),
      headers: { 'content-type': contentType },
      payload: body,
    });

  /** Steps 1 and 2 for `bytes` declared as `contentType`. */
  async function upload(bytes: Buffer, contentType: string) {
    const signed = await sign(contentType);
    const res = await put(signed.url, bytes, signed.headers['Content-Type'] ?? '');
    expect(res.statusCode).toBe(200);
    return signed;
  }

  const rowOf = (key: string) =>
    app().db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();

  /** A GET through the app of a signed URL. */
  const get = (url: string) => app().app.inject({ method: 'GET', url: url.replace(app().config.appUrl, '') });

  return { service, sign, put, upload, rowOf, get };
}
