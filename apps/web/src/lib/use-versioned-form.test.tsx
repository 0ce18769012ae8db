import { act } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { setUser } from './auth';
import { formDraftKey, readFormDraft } from './form-drafts';
import { cleanup, render, type View } from './test-render';
import { useVersionedForm } from './use-versioned-form';

interface Item {
  id: number;
  name: string;
  url: string;
  updated_at: string;
}
type Values = { name: string; url: string };

const toValues = (item: Item): Values => ({ name: item.name, url: item.url });
const ITEM: Item = { id: 12, name: 'Spring', url: 'https://a.example', updated_at: '2026-11-01T00:00:00Z' };
const USER = {
  id: 7,
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  company_id: 1,
  roles: [],
  permissions: [],
};
const expired = () =>
  new ApiError(
    'Request failed with status code 419',
    'ERR_BAD_REQUEST',
    { method: 'PUT', url: '/x' },
    {
      status: 419,
      statusText: '',
      data: { message: 'CSRF token mismatch.' },
      headers: {},
    },
  );

let view: View;
let edit: ReturnType<typeof useVersionedForm<Item, Values, Values>>;
let form: ReturnType<typeof useForm<Values>>;

function Form({ item, save }: { item: Item; save: (values: Values) => Promise<Item> }) {
  form = useForm<Values>({ defaultValues: toValues(item) });
  edit = useVersionedForm({
    noun: 'campaign',
    item,
    form,
    toValues,
    save,
    fetchLatest: async () => item,
    savedMessage: 'Saved.',
  });
  return null;
}

const renderForm = (item: Item, save: (values: Values) => Promise<Item>) =>
  view.rerender(<Form key={Math.random()} item={item} save={save} />);

describe('a versioned form whose save meets an expired session', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    setUser(USER);
    view = await render(null);
  });
  afterEach(async () => {
    await cleanup();
    setUser(null);
  });

  it('keeps the edits per form and item, and offers them back when the form opens again', async () => {
    await renderForm(ITEM, () => Promise.reject(expired()));
    expect(edit.hasDraft).toBe(false);
    act(() => form.setValue('name', 'Spring sale', { shouldDirty: true }));
    // The expiry signs the user out before the answer arrives; the edits are still theirs.
    await act(async () => {
      const saving = edit.submit(form.getValues());
      setUser(null);
      await saving;
    });
    expect(readFormDraft(formDraftKey('campaign', 12), USER.id)?.values).toEqual({
      name: 'Spring sale',
      url: 'https://a.example',
    });

    setUser(USER);
    // Someone else changed the URL meanwhile: the restored edits go on top of that version.
    const latest = { ...ITEM, url: 'https://b.example', updated_at: '2026-11-02T00:00:00Z' };
    await renderForm(latest, async (values) => ({ ...latest, ...values }));
    expect(edit.hasDraft).toBe(true);
    expect(form.getValues()).toEqual({ name: 'Spring', url: 'https://b.example' });
    act(() => edit.restoreDraft());
    expect(edit.hasDraft).toBe(false);
    expect(form.getValues()).toEqual({ name: 'Spring sale', url: 'https://b.example' });
    expect(form.formState.isDirty).toBe(true);
    expect(sessionStorage.getItem('draft:campaign:12')).toBeNull();
  });

  it('offers nothing to another user, and forgets the edits once discarded or saved', async () => {
    sessionStorage.setItem(
      'draft:campaign:12',
      JSON.stringify({ user: 99, loaded: toValues(ITEM), values: { ...toValues(ITEM), name: 'Theirs' } }),
    );
    await renderForm(ITEM, async (values) => ({ ...ITEM, ...values }));
    expect(edit.hasDraft).toBe(false);

    sessionStorage.setItem(
      'draft:campaign:12',
      JSON.stringify({ user: USER.id, loaded: toValues(ITEM), values: { ...toValues(ITEM), name: 'Mine' } }),
    );
    await renderForm(ITEM, async (values) => ({ ...ITEM, ...values }));
    expect(edit.hasDraft).toBe(true);
    act(() => edit.discardDraft());
    expect(edit.hasDraft).toBe(false);
    expect(form.getValues().name).toBe('Spring');
    expect(sessionStorage.getItem('draft:campaign:12')).toBeNull();

    sessionStorage.setItem(
      'draft:campaign:12',
      JSON.stringify({ user: USER.id, loaded: toValues(ITEM), values: { ...toValues(ITEM), name: 'Mine' } }),
    );
    const save = vi.fn(async (values: Values) => ({
      ...ITEM,
      ...values,
      updated_at: '2026-11-03T00:00:00Z',
    }));
    await renderForm(ITEM, save);
    await act(async () => edit.submit({ name: 'Saved anyway', url: ITEM.url }));
    expect(save).toHaveBeenCalled();
    expect(sessionStorage.getItem('draft:campaign:12')).toBeNull();
  });

  it('names the kept edits per form and item', () => {
    expect(formDraftKey('data source', 3)).toBe('draft:data-source:3');
  });
});
