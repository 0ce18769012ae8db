/**
 * Edits kept across a sign-in: a save that met an expired session puts the form's values here, and
 * the same form of the same item offers them back once the user has signed in again. Session
 * storage is the tab's own and outlives the trip to the sign-in page; the expiry clears only local
 * storage. Keyed per form and item (`draft:campaign:12`).
 */
export interface FormDraft<V> {
  /** Who typed them: another user signing in on this tab is not offered them. */
  user: number;
  /** The values as the form was loaded (to put the edits on top of a newer version). */
  loaded: V;
  /** The values as the user left them. */
  values: V;
}

/** `draft:data-source:3` for the data source form of item 3. */
export const formDraftKey = (form: string, id: number): string =>
  `draft:${form.trim().toLowerCase().replace(/\s+/g, '-')}:${id}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveFormDraft<V>(key: string, draft: FormDraft<V>): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the edits cannot be kept; nothing else breaks.
  }
}

/** The draft `user` left under `key`, if any. */
export function readFormDraft<V>(key: string, user: number | undefined): FormDraft<V> | null {
  const text = storage()?.getItem(key);
  if (!text || user === undefined) return null;
  try {
    const draft = JSON.parse(text) as Partial<FormDraft<V>>;
    if (draft.user !== user || !draft.values || !draft.loaded) return null;
    return draft as FormDraft<V>;
  } catch {
    return null;
  }
}

export function clearFormDraft(key: string): void {
  storage()?.removeItem(key);
}
