import type { ReactNode } from 'react';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { Link } from './navigation.js';
import { ThemeToggle } from './theme-toggle.js';
import { SearchBox } from './search-box.js';

/** Landmarks shared by every page: skip link, banner, main, contentinfo. */
export function Layout({ settings, header, children }: { settings: PublicSiteSettings; header?: ReactNode; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header ?? <SiteHeader settings={settings} />}
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>{settings.footerCredit}</p>
          <p className="footer-site">
            {settings.siteName} · In memory of {settings.poetName}
          </p>
          <p>
            <a href="/recordings">Recordings of the poems</a>
          </p>
        </div>
      </footer>
    </>
  );
}

/** The main navigation: reader routes load in place, the indexes are pages the server renders. */
const NAV: { href: string; label: string }[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About the Poet' },
  { href: '/publications', label: 'Publications' },
  { href: '/index/first-lines', label: 'First Lines' },
  { href: '/index/titles', label: 'Titles' },
];

/** The controls at the end of every header: the search box and the theme switch. */
export function HeaderTools() {
  return (
    <div className="header-tools">
      <SearchBox />
      <ThemeToggle />
    </div>
  );
}

function SiteHeader({ settings }: { settings: PublicSiteSettings }) {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link href="/" className="brand">
          {settings.siteName}
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderTools />
      </div>
    </header>
  );
}
