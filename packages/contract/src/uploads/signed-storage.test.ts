import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_TYPE, LOCAL_BUCKET, SignedStorageUrlBodySchema } from './signed-storage';

describe('SignedStorageUrlBodySchema', () => {
  it.each([
    [
      'blank, as the laravel-vapor client sends it',
      { bucket: '', content_type: '', expires: '', visibility: '' },
    ],
    ['missing', {}],
    ['null', { bucket: null, content_type: null }],
    ['whitespace', { bucket: ' ', content_type: '  ' }],
  ])('reads %s bucket and content type as the defaults', (_name, body) => {
    expect(SignedStorageUrlBodySchema.parse(body)).toMatchObject({
      bucket: LOCAL_BUCKET,
      content_type: DEFAULT_CONTENT_TYPE,
    });
  });

  it('keeps what was given, and extra fields', () => {
    expect(
      SignedStorageUrlBodySchema.parse({ bucket: 'other', content_type: 'text/csv; charset=utf-8', data: 1 }),
    ).toEqual({ bucket: 'other', content_type: 'text/csv; charset=utf-8', data: 1 });
  });

  it('refuses a content type that is not a MIME type', () => {
    const result = SignedStorageUrlBodySchema.safeParse({ content_type: 'png' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'The content type must be a valid MIME type.',
    ]);
  });
});
