import { z } from 'zod';
import { textField } from '../common/fields';

/** The one bucket of the local-disk driver (spec section 7: "a fixed local-disk value"). */
export const LOCAL_BUCKET = 'local';

/** What an upload is when nobody said: the browser's `file.type` is '' for an unknown extension. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/;

/**
 * Vapor's `POST /vapor/signed-storage-url` body; extra fields are allowed and ignored. The
 * laravel-vapor client sends `bucket: ''`, `expires: ''`, `visibility: ''` unless told otherwise and
 * `content_type: file.type`, so blank means "the default" rather than "invalid".
 */
export const SignedStorageUrlBodySchema = z.looseObject({
  bucket: textField('bucket')
    .max(255)
    .nullish()
    .transform((bucket) => bucket || LOCAL_BUCKET),
  content_type: textField('content type')
    .max(255)
    .refine((type) => type === '' || MIME_TYPE.test(type), 'The content type must be a valid MIME type.')
    .nullish()
    .transform((type) => type || DEFAULT_CONTENT_TYPE),
  expires: z.union([textField('expires', { trim: false }), z.number()]).nullish(),
  visibility: textField('visibility', { trim: false }).nullish(),
});
export type SignedStorageUrlBody = z.infer<typeof SignedStorageUrlBodySchema>;

export const SignedStorageUrlSchema = z.object({
  uuid: z.string(),
  bucket: z.string(),
  key: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type SignedStorageUrl = z.infer<typeof SignedStorageUrlSchema>;
