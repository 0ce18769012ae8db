import { AssetCreateSchema } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { unionIssues } from './union-issues';

const shown = (input: unknown) => {
  const result = AssetCreateSchema.safeParse(input);
  if (result.success) return [];
  return unionIssues(result.error.issues as never, input).map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('unionIssues', () => {
  it('shows the issues of the option the value was meant as', () => {
    expect(shown({ assets: [{ key: 'tmp/x' }] })).toEqual(['assets.0.name: The name field is required.']);
    expect(shown({ assets: 'all of them' })).toEqual(['assets: The assets field must be a list.']);
    expect(shown({ key: 'tmp/x' })).toEqual(['name: The name field is required.']);
  });

  it('falls back to the first option when the value says nothing', () => {
    expect(shown({})).toEqual(['key: The key field is required.', 'name: The name field is required.']);
    expect(shown('text')).toHaveLength(1);
  });

  it('keeps other issues as they are', () => {
    expect(unionIssues([{ path: ['name'], message: 'Required.' }], {})).toEqual([
      { path: ['name'], message: 'Required.' },
    ]);
  });
});
