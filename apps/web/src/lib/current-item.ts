import type { Section } from '@adstudio/contract';
import { useEffect } from 'react';
import type { ItemRouteName } from '../config/paths';
import { createStore, useStore } from './store';

/** The single item open in a section, so the sidebar can link to it by name. */
export interface CurrentItem {
  section: Section;
  id: string;
  name?: string | undefined;
  /** The item's route when it is not the section's own item (a data source under Conditions). */
  route?: ItemRouteName | undefined;
}

const itemStore = createStore<CurrentItem | null>(null);

export const useCurrentItem = (): CurrentItem | null => useStore(itemStore);

/** Pages showing one item call this; the entry goes when the page unmounts. */
export function useOpenItem(
  section: Section,
  id: string | undefined,
  name?: string,
  route?: ItemRouteName,
): void {
  useEffect(() => {
    if (!id) return;
    itemStore.set({ section, id, name, route });
    return () => {
      if (itemStore.get()?.id === id) itemStore.set(null);
    };
  }, [section, id, name, route]);
}
