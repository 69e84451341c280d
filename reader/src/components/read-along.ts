import { lineAt } from '../../../contracts/line-marks.js';

/*
 * Read along, loaded when a listener starts a recording that has line marks (listen.tsx): the
 * poem's line being read is marked current (listen.css shows it), and a marked line, clicked or
 * pressed (Enter or Space; the arrow keys move between lines, one tab stop for them all), plays
 * the recording from its mark. Plain DOM over the served verse rather than React state in Verse,
 * so that none of it is in the page's first load, which has a budget; it lets go of the lines as
 * soon as its player leaves the page (a step to another poem, whose lines React may reuse).
 */

const following = new WeakSet<HTMLAudioElement>();
let stopFollowing: (() => void) | undefined;

export function readAlong(audio: HTMLAudioElement, marks: readonly number[]): void {
  if (following.has(audio)) return;
  const article = audio.closest('article');
  // The poem's own verse: the first in its article (the parts under it hold none of their own).
  const lines = [...(article?.querySelector('.verse')?.querySelectorAll<HTMLElement>('.verse-line') ?? [])].slice(0, marks.length);
  if (!article || lines.length === 0) return;
  // One recording read along at a time: the last one started.
  stopFollowing?.();
  following.add(audio);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  let current: HTMLElement | undefined;

  const show = () => {
    const line = audio.ended ? undefined : lines[lineAt(marks, audio.currentTime)];
    if (line === current) return;
    const was = current;
    was?.removeAttribute('aria-current');
    line?.setAttribute('aria-current', 'true');
    current = line;
    // Kept in sight while the listener follows it: the line before was on screen, this one is not.
    if (line && (!was || onScreen(was)) && !onScreen(line))
      line.scrollIntoView({ block: 'nearest', behavior: reduced.matches ? 'auto' : 'smooth' });
  };
  const lineOf = (event: Event) => lines.indexOf((event.target as Element).closest('.verse-line') as HTMLElement);
  const playFrom = (line: number) => {
    audio.currentTime = marks[line]!;
    void audio.play();
  };
  const onClick = (event: MouseEvent) => {
    const line = lineOf(event);
    // A selection being made (to quote the line) is no click to play.
    if (line >= 0 && !getSelection()?.toString()) playFrom(line);
  };
  const onKey = (event: KeyboardEvent) => {
    const line = lineOf(event);
    if (line < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') playFrom(line);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') lines[line + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
    else return;
    event.preventDefault();
  };
  // The focused line is the lines' one tab stop.
  const onFocus = (event: FocusEvent) => {
    const line = lineOf(event);
    if (line >= 0) lines.forEach((l, i) => (l.tabIndex = i === line ? 0 : -1));
  };

  lines.forEach((line, i) => {
    line.setAttribute('role', 'button');
    line.title = 'Play from this line';
    line.tabIndex = i === 0 ? 0 : -1;
  });
  const stop = () => {
    following.delete(audio);
    if (stopFollowing === stop) stopFollowing = undefined;
    watch.disconnect();
    for (const [type, listener] of audioListeners) audio.removeEventListener(type, listener);
    article.removeEventListener('click', onClick);
    article.removeEventListener('keydown', onKey);
    article.removeEventListener('focusin', onFocus);
    for (const line of lines) ['role', 'title', 'tabindex', 'aria-current'].forEach((name) => line.removeAttribute(name));
  };
  const audioListeners = [
    ['timeupdate', show],
    ['seeked', show],
    ['ended', show],
  ] as const;
  for (const [type, listener] of audioListeners) audio.addEventListener(type, listener);
  article.addEventListener('click', onClick);
  article.addEventListener('keydown', onKey);
  article.addEventListener('focusin', onFocus);
  // The player gone (the reader stepped to another poem): the lines are no longer this recording's.
  const watch = new MutationObserver(() => audio.isConnected || stop());
  watch.observe(article, { childList: true, subtree: true });
  stopFollowing = stop;
  show();
}

function onScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight;
}
