import { z } from 'zod';
import { AssetClaimSchema } from '../assets/asset';
import { UpdatedAtSchema } from '../common/based-on';
import { textField } from '../common/fields';

/** A package's review status (docs/design.md §5): the newest approved one is what renders. */
export const PACKAGE_STATUSES = ['uploaded', 'approved', 'rejected'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Unpacking runs as a job after the upload is claimed. */
export const PACKAGE_PROCESSING = ['queued', 'unpacking', 'ready', 'failed'] as const;
export type PackageProcessing = (typeof PACKAGE_PROCESSING)[number];

export const PACKAGE_NOTES_MAX = 2000;

export const PackageFindingSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  file: z.string().optional(),
});
export type PackageFinding = z.infer<typeof PackageFindingSchema>;

export const PackageSchema = z.object({
  id: z.number().int(),
  creative_id: z.number().int(),
  version: z.number().int(),
  original_name: z.string(),
  /** Bytes of the zip. */
  size: z.number().int(),
  notes: z.string().nullable(),
  status: z.enum(PACKAGE_STATUSES),
  processing: z.enum(PACKAGE_PROCESSING),
  /** Why unpacking failed (the findings say why a package was refused). */
  processing_error: z.string().nullable(),
  /** `index.html` or `folder/index.html`. */
  entry_file: z.string().nullable(),
  file_count: z.number().int().nullable(),
  unpacked_size: z.number().int().nullable(),
  /** Errors block approval; warnings are shown to the producer. */
  findings: z.array(PackageFindingSchema),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A short-lived URL rendering this version in the sandbox (once unpacked without errors). */
  preview_url: z.string().nullable(),
});
export type Package = z.infer<typeof PackageSchema>;

/** POST /v1/creatives/{id}/packages: the uploaded zip's key (Vapor flow), its file name and notes. */
export const PackageCreateSchema = AssetClaimSchema.extend({
  notes: textField('notes', { multiline: true, max: PACKAGE_NOTES_MAX }).nullish(),
});
export type PackageCreate = z.infer<typeof PackageCreateSchema>;

/** PUT /v1/creatives/{id}/packages/{packageId}: notes and the review status. */
export const PackageUpdateSchema = z.object({
  notes: PackageCreateSchema.shape.notes,
  status: z.enum(PACKAGE_STATUSES, { error: 'The selected status is invalid.' }).optional(),
  updated_at: UpdatedAtSchema.optional(),
});
export type PackageUpdate = z.infer<typeof PackageUpdateSchema>;
