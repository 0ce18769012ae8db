import { z } from 'zod';

/** The list query of spec section 3 and DESIGN section 4; `items-per-page` -1 means all. */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  'sort-by': z.string().trim().min(1).optional(),
  'sort-order': z.enum(['asc', 'desc']).optional(),
  date: z.iso.date().optional(),
  filter: z.string().trim().max(200).optional(),
  'items-per-page': z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= 500), 'Must be -1 (all) or between 1 and 500.')
    .default(25),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const ListMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: ListMetaSchema });
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });
