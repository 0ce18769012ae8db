import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';
import { blankToNull, nameField, textField } from '../common/fields';
import { ListQuerySchema, listResponse, sortBy, statusListFields } from '../common/list-query';

export const MEDIA_ENTITY_NAME_MAX = 255;

/** A publisher (docs/design.md §5): managed by admins, read by anyone who may edit campaigns. */
export const MediaEntitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on a soft-deleted publisher (listed with `deleted=1`, restorable). */
  deleted_at: z.string().nullable(),
});
export type MediaEntity = z.infer<typeof MediaEntitySchema>;

const HOST_NAME = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

// Each optional text lets a blank ('' or only spaces, once trimmed) through its own checks, so that
// blankToNull turns it into null instead of the format check refusing a field the user left empty.
const MediaEntityFieldsSchema = z.object({
  name: nameField(MEDIA_ENTITY_NAME_MAX),
  domain: blankToNull(
    textField('domain', { max: 253 })
      .toLowerCase()
      .refine(
        (host) => host === '' || HOST_NAME.test(host),
        'The domain must be a host name such as news.example.com.',
      ),
  ),
  contact_name: blankToNull(textField('contact name', { max: 255 })),
  contact_email: blankToNull(
    textField('contact email', { max: 255 }).refine(
      (email) => email === '' || z.email().safeParse(email).success,
      'The contact email must be a valid email address.',
    ),
  ),
});

/** POST /v1/media-entities, and the SPA's publisher form. */
export const MediaEntityCreateSchema = MediaEntityFieldsSchema;
export type MediaEntityCreateInput = z.input<typeof MediaEntityCreateSchema>;
export type MediaEntityCreate = z.output<typeof MediaEntityCreateSchema>;

/**
 * PUT /v1/media-entities/{id}: any subset of the fields. `updated_at` is the version the edit was
 * based on; required (here or in `If-Match`) when a field changes.
 */
export const MediaEntityUpdateSchema = MediaEntityFieldsSchema.partial().extend({
  updated_at: UpdatedAtSchema.optional(),
});
export type MediaEntityUpdateInput = z.input<typeof MediaEntityUpdateSchema>;
export type MediaEntityUpdate = z.output<typeof MediaEntityUpdateSchema>;

export const MEDIA_ENTITY_SORTS = ['name', 'domain', 'created_at', 'updated_at'] as const;
export type MediaEntitySort = (typeof MEDIA_ENTITY_SORTS)[number];

/**
 * GET /v1/media-entities/: `filter` matches name and domain; `deleted=1` lists only deleted
 * publishers. Publishers have no date, so the shared `date` parameter is not taken.
 */
export const MediaEntityListQuerySchema = ListQuerySchema.omit({ date: true }).extend({
  'sort-by': sortBy(MEDIA_ENTITY_SORTS),
  deleted: statusListFields.deleted,
});
export type MediaEntityListQuery = z.infer<typeof MediaEntityListQuerySchema>;
export const MediaEntityListResponseSchema = listResponse(MediaEntitySchema);
export type MediaEntityListResponse = z.infer<typeof MediaEntityListResponseSchema>;

export const MEDIA_ENTITY_NAME_TAKEN = 'The name has already been taken.';
export const MEDIA_ENTITY_DOMAIN_TAKEN = 'The domain has already been taken.';
