import type { MediaEntity, MediaEntityCreateInput } from '@adstudio/contract';

/** The contact column: "Name · email", either alone, or a dash when there is none. */
export function publisherContact({
  contact_name,
  contact_email,
}: Pick<MediaEntity, 'contact_name' | 'contact_email'>) {
  const parts = [contact_name, contact_email].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : '—';
}

/** The dialog's starting values: a publisher's fields, with empty text where it has none. */
export const publisherFormValues = (publisher: MediaEntity | null): Required<MediaEntityCreateInput> => ({
  name: publisher?.name ?? '',
  domain: publisher?.domain ?? '',
  contact_name: publisher?.contact_name ?? '',
  contact_email: publisher?.contact_email ?? '',
});

/** What the empty list says: nothing yet, or nothing matching the filter. */
export const noPublishersText = (filter: string) =>
  filter ? `No publishers match "${filter}".` : 'No publishers yet.';
