import type { ServerErrorPanel as Panel } from './server-error-panel.js';
import { servedNowLoadedOnUse } from './on-first-use.js';

/**
 * What went wrong, on the pages that show it (few do): served with the page, its code loaded as
 * soon as it is on screen rather than with every page's first load (on-first-use.tsx).
 */
const { OnFirstUse, served } = servedNowLoadedOnUse<Parameters<typeof Panel>[0]>(
  () => import('./server-error-panel.js').then((m) => m.ServerErrorPanel),
  'shown',
);
export const ServerErrorPanel = OnFirstUse;
export const serverErrorPanel = served;
