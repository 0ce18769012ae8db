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
  it('is trimmed, and held to the text rule of every field (PostgreSQL text cannot hold a NUL)', () => {
    expect(ListQuerySchema.parse({ filter: '  café 😀 ' }).filter).toBe('café 😀');
    for (const filter of ['a\u0000b', 'lone-\ud800', 'a\u001bb']) {
      const refused = ListQuerySchema.safeParse({ filter });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe(
        'The filter may only contain text on one line: no line breaks, control characters or broken characters.',
      );
    }
  });
});
