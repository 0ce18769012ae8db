import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, errorStatus } from './api-client';
import { extensionOf, isCanceled, putHeaders, uploadFile } from './upload';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
}

type Answer = { status: number; body: string } | 'hold';

/**
 * An XMLHttpRequest that records each request and answers it with `answer(request)`; 'hold' leaves
 * it open (to abort it, or to fire `progress` from the test through `open[...]`).
 */
function fakeXhr(answer: (request: Sent) => Answer) {
  const sent: Sent[] = [];
  const held: FakeXhr[] = [];
  class FakeXhr {
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    request: Sent = { method: '', url: '', headers: {}, body: undefined, withCredentials: false };
    private progress: ((event: Partial<ProgressEvent>) => void)[] = [];
    upload = {
      addEventListener: (_type: string, listener: (event: Partial<ProgressEvent>) => void) =>
        this.progress.push(listener),
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getAllResponseHeaders() {
      return '';
    }
    abort() {
      queueMicrotask(() => this.onabort?.());
    }
    fireProgress(loaded: number, total: number, lengthComputable = true) {
      for (const listener of this.progress) listener({ loaded, total, lengthComputable });
    }
    finish(status: number, body = '') {
      this.status = status;
      this.responseText = body;
      this.onload?.();
    }
    send(body: unknown) {
      this.request.body = body;
      this.request.withCredentials = this.withCredentials;
      sent.push(this.request);
      const reply = answer(this.request);
      if (reply === 'hold') held.push(this);
      else queueMicrotask(() => this.finish(reply.status, reply.body));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, held };
}

const SIGNED = {
  uuid: '9b2f0c4e-2a51-4f7e-9a55-3f0f3b8c1d2e',
  bucket: 'local',
  key: 'tmp/9b2f0c4e-2a51-4f7e-9a55-3f0f3b8c1d2e',
  url: 'https://files.example.test/storage/tmp/9b2f?expires=1&signature=abc',
  headers: { 'Content-Type': 'image/png', Host: 'files.example.test' },
};

const signing = (request: Sent): Answer =>
  request.method === 'POST' ? { status: 201, body: JSON.stringify(SIGNED) } : 'hold';

const png = () => new File([new Uint8Array(1000)], 'banner.final.png', { type: 'image/png' });

/** Lets queued microtasks (the signed-storage answer) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadFile (spec sections 3 and 7, Vapor flow)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signs with the local bucket and the file type, PUTs the file without credentials or Host, and reports progress', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=tok');
    const { sent, held } = fakeXhr(signing);
    const progress: number[] = [];
    const file = png();
    const done = uploadFile(file, { onProgress: (fraction) => progress.push(fraction) });
    await settle();

    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/vapor/signed-storage-url',
      withCredentials: true,
      body: JSON.stringify({ bucket: 'local', content_type: 'image/png', expires: '', visibility: '' }),
    });
    expect(sent[0]?.headers['X-XSRF-TOKEN']).toBe('tok');

    const put = held[0];
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: SIGNED.url,
      headers: { 'Content-Type': 'image/png' },
      body: file,
      withCredentials: false,
    });
    put?.fireProgress(250, 1000);
    put?.fireProgress(1000, 1000);
    put?.finish(200, '{"size":1000}');

    await expect(done).resolves.toEqual({
      ...SIGNED,
      extension: 'png',
      name: 'banner.final.png',
      contentType: 'image/png',
    });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('sends expires, visibility and extra data; an unknown type is sent blank for the server to default', async () => {
    const { sent, held } = fakeXhr((request) =>
      request.method === 'POST'
        ? {
            status: 201,
            body: JSON.stringify({ ...SIGNED, headers: { 'Content-Type': 'application/octet-stream' } }),
          }
        : 'hold',
    );
    const file = new File(['x'], 'notes', { type: '' });
    const done = uploadFile(file, { expires: 300, visibility: 'private', data: { purpose: 'asset' } });
    await settle();
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      bucket: 'local',
      content_type: '',
      expires: 300,
      visibility: 'private',
      purpose: 'asset',
    });
    held[0]?.finish(200);
    await expect(done).resolves.toMatchObject({
      extension: '',
      name: 'notes',
      contentType: 'application/octet-stream',
    });
  });

  it('falls back to the file size when the progress has no length', async () => {
    const { held } = fakeXhr(signing);
    const progress: number[] = [];
    const done = uploadFile(png(), { onProgress: (fraction) => progress.push(fraction) });
    await settle();
    held[0]?.fireProgress(500, 0, false);
    held[0]?.finish(200);
    await done;
    expect(progress).toEqual([0.5, 1]);
  });

  it('fails with the storage answer when the PUT is refused', async () => {
    const { held } = fakeXhr(signing);
    const done = uploadFile(png());
    await settle();
    held[0]?.finish(403, '{"message":"Invalid or expired signature."}');
    const failure = await done.catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(403);
    expect(errorMessage(failure)).toBe('Invalid or expired signature.');
  });

  it('fails with the server answer when signing is refused, and PUTs nothing', async () => {
    const { sent } = fakeXhr(() => ({ status: 403, body: '{"message":"This action is unauthorized."}' }));
    const failure = await uploadFile(png()).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(403);
    expect(sent).toHaveLength(1);
  });

  it('aborts the PUT when the signal aborts', async () => {
    const { held, sent } = fakeXhr(signing);
    const controller = new AbortController();
    const done = uploadFile(png(), { signal: controller.signal });
    await settle();
    expect(sent).toHaveLength(2);
    controller.abort();
    const failure = await done.catch((error: unknown) => error);
    expect(isCanceled(failure)).toBe(true);
    expect(held).toHaveLength(1);
  });

  it('does not PUT when aborted while signing', async () => {
    const { sent, held } = fakeXhr(() => 'hold');
    const controller = new AbortController();
    const done = uploadFile(png(), { signal: controller.signal });
    controller.abort();
    expect(isCanceled(await done.catch((error: unknown) => error))).toBe(true);
    expect(sent.map((request) => request.method)).toEqual(['POST']);
    expect(held).toHaveLength(1);
  });
});

describe('upload helpers', () => {
  it('take the extension after the last dot', () => {
    expect(extensionOf('a.b.JPG')).toBe('JPG');
    expect(extensionOf('font.woff2')).toBe('woff2');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.env')).toBe('');
  });

  it('drop Host from the signed headers, whatever its case', () => {
    expect(putHeaders({ Host: 'a', host: 'b', 'Content-Type': 'image/png', 'x-amz-acl': 'private' })).toEqual(
      {
        'Content-Type': 'image/png',
        'x-amz-acl': 'private',
      },
    );
  });
});
