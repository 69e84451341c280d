import type { Load, PublicSiteSettings, Publication } from '../../../contracts/reader-page.js';
import { Layout } from '../components/layout.js';
import { PublicationList } from '../components/publication-list.js';

export function PublicationsPage({ list, settings }: { list: Load<Publication[]>; settings: PublicSiteSettings }) {
  return (
    <Layout settings={settings}>
      <div className="container page-pad">
        <h1 className="page-title">Published Collections</h1>
        <p className="page-intro">Every collection of {settings.poetName}'s poetry published in this archive, newest first.</p>
        <PublicationList list={list} poetName={settings.poetName} headingLevel={2} />
      </div>
    </Layout>
  );
}
