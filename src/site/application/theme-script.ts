import { createHash } from 'node:crypto';
import { THEME_STORAGE_KEY } from '../../../contracts/reader-page.js';

/**
 * Runs in <head> before the first paint: applies the visitor's stored theme so a dark page never
 * flashes light (and the reverse). Without a stored choice the stylesheet follows the system.
 * Inline on purpose: a script file would delay the first paint by a request. It also marks the
 * page as scripted (class "js"), so controls that only work with the script show only then.
 */
export const THEME_SCRIPT = `document.documentElement.classList.add('js');try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;

/** The CSP source that allows exactly this script, and no other inline one. */
export const THEME_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
