import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A translated message whose values (titles, names: text anyone may have typed) are each set in a
 * <bdi>, so right-to-left text or a stray direction override in a title cannot reorder the words
 * around it. The text read out and matched stays exactly the message's.
 */
export function IsolatedMessage({ message, values }: { message: string; values: Record<string, string> }): ReactNode {
  const translate = useTranslate();
  const names = Object.keys(values);
  // Private-use markers stand in for the values, then the message is split around them.
  const marked = translate(message, Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])));
  return marked
    .split(/\uE000(\d+)\uE001/)
    .map((part, i) => (i % 2 === 1 ? <bdi key={i}>{values[names[Number(part)]!]}</bdi> : <Fragment key={i}>{part}</Fragment>));
}
