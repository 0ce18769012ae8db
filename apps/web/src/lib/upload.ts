import {
  DEFAULT_CONTENT_TYPE,
  LOCAL_BUCKET,
  type SignedStorageUrl,
  SignedStorageUrlSchema,
} from '@adstudio/contract';
import { ApiError, type ApiRequest, api, isApiError, parseBody } from './api-client';

export const SIGNED_STORAGE_URL_PATH = '/vapor/signed-storage-url';

export interface UploadOptions {
  /** `expires` of the signed-storage request; '' lets the server choose. */
  expires?: string | number;
  /** `visibility` of the signed-storage request; '' lets the server choose. */
  visibility?: string;
  /** More fields for the signed-storage request (spec section 7: "optional extra data"). */
  data?: Readonly<Record<string, unknown>>;
  /** The upload's progress, a fraction 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Spec section 3's upload result: the signed-storage answer plus the file's extension and name. */
export interface UploadResult extends SignedStorageUrl {
  /** Taken from the file name: what follows its last dot, '' when it has none. */
  extension: string;
  /** The file's original name. */
  name: string;
  /** The content type the file was signed and sent with. */
  contentType: string;
}

/** `photo.final.PNG` → `PNG`; '' without a dot (`README`) or for a dot file's name (`.env`). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}

/** The signed headers to send with the PUT: all but `Host`, which the browser sets itself. */
export const putHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'host'));

export const isCanceled = (error: unknown): boolean => isApiError(error) && error.code === 'ERR_CANCELED';

/**
 * PUTs the file to a signed URL: no credentials (the signature is the authority, and a storage
 * host on another origin must not see the app's cookies), only the signed headers, progress as a
 * fraction. Its own XMLHttpRequest rather than the api client, which adds cookies and app headers.
 */
function putFile(
  url: string,
  file: Blob,
  headers: Readonly<Record<string, string>>,
  { onProgress, signal }: Pick<UploadOptions, 'onProgress' | 'signal'>,
): Promise<void> {
  const request: ApiRequest = { method: 'PUT', url, headers };
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('canceled', 'ERR_CANCELED', request));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url, true);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    });
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    const settle = (error?: ApiError) => {
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        return settle();
      }
      settle(
        new ApiError(
          `Request failed with status code ${xhr.status}`,
          xhr.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
          request,
          { status: xhr.status, statusText: xhr.statusText, data: parseBody(xhr.responseText), headers: {} },
        ),
      );
    };
    xhr.onerror = () => settle(new ApiError('Network Error', 'ERR_NETWORK', request));
    xhr.onabort = () => settle(new ApiError('canceled', 'ERR_CANCELED', request));
    xhr.send(file);
  });
}

/**
 * Uploads a file the way Laravel Vapor's client does (spec sections 3 and 7, docs/design.md §4):
 * `POST /vapor/signed-storage-url` with the local bucket, the file's content type ('' lets the
 * server default it), `expires`, `visibility` and any extra data; then the file PUT to the answered
 * URL. A later call claims it by `key`. Aborting the signal stops either step (`ERR_CANCELED`).
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const { signal } = options;
  const response = await api.post(
    SIGNED_STORAGE_URL_PATH,
    {
      bucket: LOCAL_BUCKET,
      content_type: file.type,
      expires: options.expires ?? '',
      visibility: options.visibility ?? '',
      ...options.data,
    },
    { signal },
  );
  const signed = SignedStorageUrlSchema.parse(response.data);
  await putFile(signed.url, file, putHeaders(signed.headers), options);
  const signedType = Object.entries(signed.headers).find(([name]) => name.toLowerCase() === 'content-type');
  return {
    ...signed,
    extension: extensionOf(file.name),
    name: file.name,
    contentType: signedType?.[1] ?? (file.type || DEFAULT_CONTENT_TYPE),
  };
}
