import type { Load, PublicSiteSettings, Publication } from '../../../contracts/reader-page.js';
import { Layout } from '../components/layout.js';
import { PublicationList } from '../components/publication-list.js';
import { lifeDates } from '../../../contracts/format.js';
import { Biography, PoetPortrait } from '../components/poet-portrait.js';

export function HomePage({ list, settings }: { list: Load<Publication[]>; settings: PublicSiteSettings }) {
  const dates = lifeDates(settings.birthDate, settings.deathDate);
  return (
    <Layout settings={settings}>
      <section className="hero">
        <div className="container">
          <h1 className="hero-title">A Digital Library of Poetry</h1>
          <p className="hero-lead">{settings.heroText}</p>
        </div>
      </section>
      <section className="memorial" aria-labelledby="memorial-title">
        <div className="container narrow">
          <h2 id="memorial-title" className="section-title">
            In Loving Memory
          </h2>
          <PoetPortrait settings={settings} className="memorial-portrait" />
          <p className="memorial-name">{settings.poetName}</p>
          {dates && <p className="memorial-dates">{dates}</p>}
          {settings.poetTitle && <p className="memorial-role">{settings.poetTitle}</p>}
          <Biography settings={settings} />
          <p className="index-links">
            <a href="/about">About {settings.poetName}</a>
          </p>
        </div>
      </section>
      <section className="collections" aria-labelledby="collections-title">
        <div className="container">
          <h2 id="collections-title" className="section-title">
            Published Collections
          </h2>
          <PublicationList list={list} poetName={settings.poetName} headingLevel={3} />
          <p className="index-links">
            <a href="/index/first-lines">Index of first lines</a>
            <a href="/index/titles">Index of titles</a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
