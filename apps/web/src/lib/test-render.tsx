import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect } from 'vitest';

/**
 * For tests: React in happy-dom. `render` mounts in a container of its own in the page, each
 * step inside `act`; whatever a test mounted is unmounted and removed after it (its query client
 * cleared), or sooner by `cleanup()` where a test's own teardown must come after the unmount.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderOptions {
  /** Wraps the ui in a QueryClientProvider of this client. */
  queryClient?: QueryClient;
}

const mounted = new Set<() => Promise<void>>();

export async function cleanup() {
  for (const unmount of mounted) await unmount();
}
afterEach(cleanup);

/** Mounts `ui` anew; `rerender` draws the next ui in the same root, as a parent re-rendering does. */
export async function render(ui: ReactNode, { queryClient }: RenderOptions = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const rerender = (node: ReactNode) =>
    act(async () =>
      root.render(
        queryClient ? <QueryClientProvider client={queryClient}>{node}</QueryClientProvider> : node,
      ),
    );
  const unmount = async () => {
    mounted.delete(unmount);
    await act(async () => root.unmount());
    container.remove();
    queryClient?.clear();
  };
  mounted.add(unmount);
  await rerender(ui);
  return { container, rerender, unmount };
}
export type View = Awaited<ReturnType<typeof render>>;

/** A query client for one test: a failed query is not asked again, its error shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Mounts `ui` with a test query client of its own and waits until `loading` is no longer shown. */
export async function renderLoaded(ui: ReactNode, loading: string) {
  const queryClient = testQueryClient();
  const view = await render(ui, { queryClient });
  await waitFor(() => !view.container.textContent?.includes(loading));
  return { ...view, queryClient };
}

/** A hook in a component that draws nothing; `result.current` is what it returned last. */
export async function renderHook<Props, Result>(
  hook: (props: Props) => Result,
  { initialProps, ...options }: RenderOptions & { initialProps?: Props } = {},
) {
  const result = {} as { current: Result };
  function Harness({ props }: { props: Props }) {
    result.current = hook(props);
    return null;
  }
  const view = await render(<Harness props={initialProps as Props} />, options);
  return {
    result,
    unmount: view.unmount,
    rerender: (props: Props) => view.rerender(<Harness props={props} />),
  };
}

/** Lets timers and effects run until `check` holds (two seconds at most), then asserts it. */
export async function waitFor(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(check()).toBe(true);
}

const finder =
  (nameOf: (element: Element) => string | null) =>
  <E extends Element = HTMLElement>(selector: string, name: string, within: ParentNode = document) =>
    [...within.querySelectorAll<E>(selector)].find((element) => nameOf(element) === name);
/** The first element matching `selector` (in `within`, else the page) whose text is `name`. */
export const byText = finder((element) => element.textContent);
/** The first element matching `selector` (in `within`, else the page) whose aria-label is `name`. */
export const byLabel = finder((element) => element.getAttribute('aria-label'));

export const click = (element: HTMLElement | null | undefined) => act(async () => element?.click());

/** Types as a user does: focus, then the native value setter and an input event, so React hears it. */
export const type = (element: HTMLInputElement | HTMLTextAreaElement, text: string) =>
  act(async () => {
    element.focus();
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(prototype.prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

/** Picks an option as a user does: the value, then the change event React hears. */
export const choose = (select: HTMLSelectElement, value: string) =>
  act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

/** The texts of the first `columns` cells of each table row marked `data-testid={testId}`. */
export const tableRows = (container: ParentNode, testId: string, columns: number) =>
  [...container.querySelectorAll<HTMLTableRowElement>(`tr[data-testid="${testId}"]`)].map((row) =>
    [...row.cells].slice(0, columns).map((cell) => cell.textContent),
  );
