import { z } from 'zod';

/** The one bucket of the local-disk driver (spec section 7: "a fixed local-disk value"). */
export const LOCAL_BUCKET = 'local';

/** Vapor's `POST /vapor/signed-storage-url` body; extra fields are allowed and ignored. */
export const SignedStorageUrlBodySchema = z.looseObject({
  bucket: z.string().optional(),
  content_type: z
    .string({ error: 'The content type field is required.' })
    .trim()
    .min(1, 'The content type field is required.')
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'The content type must be a valid MIME type.'),
  expires: z.union([z.string(), z.number()]).optional(),
  visibility: z.string().optional(),
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
