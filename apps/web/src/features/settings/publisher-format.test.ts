import { MediaEntityCreateSchema } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { noPublishersText, publisherContact, publisherFormValues } from './publisher-format';

const publisher = {
  id: 1,
  name: 'Daily Herald',
  domain: 'dailyherald.example',
  contact_name: 'Hannah Reed',
  contact_email: 'ads@dailyherald.example',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
};

describe('publisherContact', () => {
  it('joins the name and email, shows either alone, or a dash', () => {
    expect(publisherContact(publisher)).toBe('Hannah Reed · ads@dailyherald.example');
    expect(publisherContact({ contact_name: null, contact_email: 'a@b.example' })).toBe('a@b.example');
    expect(publisherContact({ contact_name: 'Hannah', contact_email: null })).toBe('Hannah');
    expect(publisherContact({ contact_name: null, contact_email: null })).toBe('—');
  });
});

describe('publisherFormValues', () => {
  it('starts a new publisher empty, which the form schema refuses only for the name', () => {
    const values = publisherFormValues(null);
    expect(values).toEqual({ name: '', domain: '', contact_name: '', contact_email: '' });
    const parsed = MediaEntityCreateSchema.safeParse(values);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name']);
  });

  it('turns a publisher’s missing fields into empty text, and back into null when saved', () => {
    const values = publisherFormValues({ ...publisher, domain: null });
    expect(values.domain).toBe('');
    expect(MediaEntityCreateSchema.parse(values)).toEqual({
      name: 'Daily Herald',
      domain: null,
      contact_name: 'Hannah Reed',
      contact_email: 'ads@dailyherald.example',
    });
  });
});

describe('noPublishersText', () => {
  it('tells an empty company from a filter that matches nothing', () => {
    expect(noPublishersText('')).toBe('No publishers yet.');
    expect(noPublishersText('herald')).toBe('No publishers match "herald".');
  });
});
