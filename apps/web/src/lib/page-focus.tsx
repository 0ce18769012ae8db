import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useRef } from 'react';

/** Whether the next page title to appear takes focus: set by a page change, cleared by any other navigation. */
interface PendingFocus {
  pending: boolean;
}

const PageFocusContext = createContext<PendingFocus | null>(null);

/**
 * Whether the focus is where the user put it on the new page and stays: in a dialog or menu open over
 * it, or already in the page itself (a field they went to while it loaded). Focus on the link or
 * button that navigated — gone with the old page, or in the sidebar or search — moves on.
 */
function kept(title: HTMLElement, active: Element | null): boolean {
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true;
  const main = title.closest('main');
  return main !== null && main !== active && main.contains(active);
}

/**
 * Focus after a page change (issue 44): when the signed-in frame shows another page — another
 * title or another item, not a tab, filter, search or timeframe of the same one — the new page's
 * title (its h1) takes focus as soon as it appears, so a keyboard user goes on from the page's top
 * rather than from the start of the document, and a screen reader reads the new title. The first
 * load keeps the browser's focus.
 */
export function PageFocusProvider({
  page,
  navigation,
  children,
}: {
  /** What names the page (its title and item): a change of it is a page change. */
  page: string;
  /** Changes on every navigation (the location's key). */
  navigation: string;
  children: ReactNode;
}) {
  const state = useRef<PendingFocus>({ pending: false });
  const shown = useRef<string | null>(null);
  // A layout effect, so that it runs before the passive effect of the title the same commit shows.
  useLayoutEffect(() => {
    void navigation;
    state.current.pending = shown.current !== null && shown.current !== page;
    shown.current = page;
  }, [page, navigation]);
  return <PageFocusContext.Provider value={state.current}>{children}</PageFocusContext.Provider>;
}

/**
 * The page title's side of it: a ref for the h1, which takes focus when it appears after a page
 * change, unless a dialog or menu holds the focus meanwhile.
 */
export function usePageTitleFocus<E extends HTMLElement>() {
  const state = useContext(PageFocusContext);
  const ref = useRef<E>(null);
  useEffect(() => {
    const title = ref.current;
    if (!state?.pending || !title) return;
    state.pending = false;
    if (!kept(title, document.activeElement)) title.focus();
  }, [state]);
  return ref;
}

/**
 * A panel the user opens in place of another view of the page ("Try it" under a tag's row): its
 * heading takes focus when it appears, as a new page's title does.
 */
export function useFocusWhenShown<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
