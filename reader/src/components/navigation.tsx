import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Client-side navigation between reader routes; the server bundle renders plain links. */
export const NavigateContext = createContext<(href: string) => void>(() => undefined);

export function useNavigate(): (href: string) => void {
  return useContext(NavigateContext);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** Whether a click on a link is the app's to follow: a plain left click, for this tab. */
function followsInApp(event: MouseEvent, target: string | null | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return !target || target === '_self';
}

/** An ordinary link that the app follows without a page load (new tabs and modified clicks still work). */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!followsInApp(event, rest.target)) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}

/**
 * One click handler for a container of plain <a> links, following them as Link does. For a long
 * list (a book's contents): a Link per line is a component per line on every server render.
 */
export function useFollowLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link) || !followsInApp(event, link.target)) return;
      event.preventDefault();
      navigate(link.getAttribute('href')!);
    },
    [navigate],
  );
}
