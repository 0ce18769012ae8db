import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListQuerySchema, statusListFields } from './list-query';

const Schema = ListQuerySchema.extend(statusListFields);

describe('status and deleted list filters', () => {
  it('reads a comma-separated status list, once each', () => {
    expect(Schema.parse({ status: 'live, ready,live' }).status).toEqual(['live', 'ready']);
    expect(Schema.parse({ status: 'quality assurance' }).status).toEqual(['quality assurance']);
  });

  it('refuses an unknown status on the status field itself', () => {
    const result = Schema.safeParse({ status: 'live,bogus' });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({
      status: ['The selected status is invalid.'],
    });
  });

  it('reads deleted as a flag', () => {
    expect(Schema.parse({ deleted: '1' }).deleted).toBe(true);
    expect(Schema.parse({ deleted: 'false' }).deleted).toBe(false);
    expect(Schema.safeParse({ deleted: 'yes' }).success).toBe(false);
  });
});

describe('the text filter', () => {
  it('is trimmed, and refused when it holds a NUL (PostgreSQL text cannot)', () => {
    expect(ListQuerySchema.parse({ filter: '  café ' }).filter).toBe('café');
    const refused = ListQuerySchema.safeParse({ filter: 'a\u0000b' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The filter field must not contain a NUL character.');
  });
});
