import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/*
 * Parts of a page that are in it as served (they work without the script) but whose code stays out
 * of the page's first load, which has a budget (80 KB of gzipped script): the server bundle registers
 * each part's component (entry-server.tsx) and renders it; in the browser each part's Suspense
 * boundary keeps the served markup as it is until the reader first does something on the page,
 * then loads the code and hydrates it. A part shown later (a step inside the book) loads at once.
 * React has no deferred hydration of its own beyond a lazy component inside Suspense; this is that,
 * with the trigger the reader's first pointer or key press.
 */
let firstUse: () => void;
const used = new Promise<void>((resolve) => (firstUse = resolve));
let hydrated = false;

/**
 * A component served by the server bundle, loaded in the browser at the reader's first use of the
 * page, or (`when: 'shown'`) as soon as it is on screen, for parts few pages show at all.
 */
export function servedNowLoadedOnUse<P extends object>(load: () => Promise<ComponentType<P>>, when: 'used' | 'shown' = 'used') {
  const served: { component?: ComponentType<P> } = {};
  const ready = () => (when === 'used' ? used.then(load) : load());
  const Loaded = lazy(() => ready().then((component) => ({ default: component })));
  function OnFirstUse(props: P) {
    // Mounted after the page was hydrated (a poem stepped to): loaded at once. Read at mount only,
    // so that the page's own re-renders (a neighbouring poem fetched) load nothing.
    const [mountedLate] = useState(() => hydrated);
    if (mountedLate) firstUse();
    useEffect(() => {
      hydrated = true;
      // Selecting words starts with one of these too.
      document.addEventListener('pointerdown', firstUse);
      document.addEventListener('keydown', firstUse);
    }, []);
    const Component = served.component ?? Loaded;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return { OnFirstUse, served };
}
