import { useState, type ReactNode } from 'react';

/**
 * A part of a page rendered once, on the server, and adopted by the browser as it stands: hydration
 * neither renders it again nor needs its data. React has no partial hydration of its own; this is the
 * documented way to keep markup out of it (an element whose inner HTML React does not manage). It is
 * for long text with nothing interactive inside, such as the whole book of the print edition, whose
 * hydration would otherwise be the book rendered a second time on a phone's CPU, and whose data
 * would be sent twice.
 */
export function ServerMarkup({ id, children }: { id: string; children: ReactNode }) {
  // Read once, before hydration touches the element: the server's markup is what is adopted.
  const [adopted] = useState(() => (typeof document === 'undefined' ? undefined : (document.getElementById(id)?.innerHTML ?? '')));
  if (adopted === undefined) return <div id={id}>{children}</div>;
  return <div id={id} dangerouslySetInnerHTML={{ __html: adopted }} />;
}
