/** Every reader navigation scrolls to the top after 100 ms (SPEC section 2), smoothly unless motion is reduced. */
export const SCROLL_DELAY_MS = 100;

export function scrollToTopSoon(): void {
  window.setTimeout(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, SCROLL_DELAY_MS);
}
