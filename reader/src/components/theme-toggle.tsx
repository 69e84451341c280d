import { useEffect, useState } from 'react';
import { THEME_STORAGE_KEY } from '../../../contracts/reader-page.js';

type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme on screen: the visitor's stored choice (set on <html> before paint), else the system's. */
function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Dark mode switch. The server cannot know the theme, so the button renders unpressed and takes
 * the real state after hydration; the colours themselves never wait for it (see the inline script
 * in the document head).
 */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | undefined>(undefined);

  useEffect(() => {
    setTheme(currentTheme());
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => setTheme(currentTheme());
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const toggle = () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be off (private modes); the choice then lasts for this page only.
    }
    setTheme(next);
  };

  return (
    <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={toggle} data-testid="theme-toggle">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
      <span>Dark mode</span>
    </button>
  );
}
