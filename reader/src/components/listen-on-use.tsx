import type { ListenParts } from './listen.js';
import { servedNowLoadedOnUse } from './on-first-use.js';
// Its styles come with the site's one stylesheet, so the served player is styled before its code loads.
import './listen.css';

/** The recordings under a poem: served with the page, their code loaded at the reader's first use of it (on-first-use.tsx). */
const { OnFirstUse, served } = servedNowLoadedOnUse<Parameters<typeof ListenParts>[0]>(() =>
  import('./listen.js').then((m) => m.ListenParts),
);
export const Listen = OnFirstUse;
export const listenParts = served;
