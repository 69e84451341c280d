import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Client-side navigation between reader routes; the server bundle renders plain links. */
export const NavigateContext = createContext<(href: string) => void>(() => undefined);

export function useNavigate(): (href: string) => void {
  return useContext(NavigateContext);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An ordinary link that the app follows without a page load (new tabs and modified clicks still work). */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
