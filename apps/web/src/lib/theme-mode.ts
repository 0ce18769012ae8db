import { createStore, useStore } from './store';

/** Spec section 4: dark or light, stored under `darkTheme`, default dark. */
export const DARK_THEME_KEY = 'darkTheme';

export function readDarkTheme(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(DARK_THEME_KEY) !== 'false';
  } catch {
    return true;
  }
}

const darkStore = createStore<boolean>(readDarkTheme());

export function setDarkTheme(dark: boolean): void {
  try {
    localStorage.setItem(DARK_THEME_KEY, String(dark));
  } catch {
    // Storage may be unavailable (private mode); the choice lasts for this page.
  }
  darkStore.set(dark);
}

/** Re-reads storage, e.g. after it was cleared on session expiry. */
export const syncDarkTheme = (): void => darkStore.set(readDarkTheme());

export const useDarkTheme = (): boolean => useStore(darkStore);
