import type { Section } from '@adstudio/contract';
import { useEffect } from 'react';
import { createStore, useStore } from './store';

/** The single item open in a section, so the sidebar can link to it by name. */
export interface CurrentItem {
  section: Section;
  id: string;
  name?: string | undefined;
}

const itemStore = createStore<CurrentItem | null>(null);

export const useCurrentItem = (): CurrentItem | null => useStore(itemStore);

/** Pages showing one item call this; the entry goes when the page unmounts. */
export function useOpenItem(section: Section, id: string | undefined, name?: string): void {
  useEffect(() => {
    if (!id) return;
    itemStore.set({ section, id, name });
    return () => {
      if (itemStore.get()?.id === id) itemStore.set(null);
    };
  }, [section, id, name]);
}
