import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A component whose code loads when it is first drawn, drawing nothing until then: for parts that
 * show only once the user opens something (a menu, a panel). One with an `open` prop (a popper) is
 * not drawn, nor loaded, before it first opens; then it stays, so that it can close with its
 * transition. The build binds the DataGrid's on-demand parts to these (vite.config.ts).
 */
export function deferredComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  return function Deferred(props: P) {
    const open = (props as { open?: unknown }).open;
    const [opened, setOpened] = useState(false);
    if (open && !opened) setOpened(true);
    if (open === false && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
