import type { ReactNode } from 'react';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { Link } from './navigation.js';
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
        </div>
      </footer>
    </>
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
            <li>
              <Link href="/">Home</Link>
            </li>
            <li>
              <Link href="/publications">Publications</Link>
            </li>
          </ul>
        </nav>
        <SearchBox />
      </div>
    </header>
  );
}
