import { itemResponse, type ListLinks, type ListMeta, listResponse } from '@adstudio/contract';
import { z } from 'zod';
import type { ApiResponse } from './api-client';

/** The `data` of a `{data}` answer, parsed with the contract's schema: `getData(CreativeSchema, api.get(…))`. */
export async function getData<T extends z.ZodType>(
  schema: T,
  request: Promise<ApiResponse<unknown>>,
): Promise<z.output<T>> {
  const body = itemResponse(schema).parse((await request).data) as { data: z.output<T> };
  return body.data;
}

/** A Laravel collection answer `{data, links, meta}`, each item parsed with the contract's schema. */
export async function getCollection<T extends z.ZodType>(
  schema: T,
  request: Promise<ApiResponse<unknown>>,
): Promise<{ data: z.output<T>[]; links: ListLinks; meta: ListMeta }> {
  return listResponse(schema).parse((await request).data) as never;
}

/** A list answered whole, `{data: [...]}` without paging (profile templates, a creative's packages). */
export async function getItems<T extends z.ZodType>(
  schema: T,
  request: Promise<ApiResponse<unknown>>,
): Promise<z.output<T>[]> {
  return z.object({ data: z.array(schema) }).parse((await request).data).data as z.output<T>[];
}
