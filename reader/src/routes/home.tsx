import type { Load, PublicSiteSettings, Publication } from '../../../contracts/reader-page.js';
import { Layout } from '../components/layout.js';
import { PublicationList } from '../components/publication-list.js';
import { lifeDates } from '../../../contracts/format.js';

export function HomePage({ list, settings }: { list: Load<Publication[]>; settings: PublicSiteSettings }) {
  const dates = lifeDates(settings.birthDate, settings.deathDate);
  const { career, family } = settings.biography;
  return (
    <Layout settings={settings}>
      <section className="hero">
        <div className="container">
          <h1 className="hero-title">A Digital Library of Poetry</h1>
          <p className="hero-lead">{settings.description}</p>
        </div>
      </section>
      <section className="memorial" aria-labelledby="memorial-title">
        <div className="container narrow">
          <h2 id="memorial-title" className="section-title">
            In Loving Memory
          </h2>
          <p className="memorial-name">{settings.poetName}</p>
          {dates && <p className="memorial-dates">{dates}</p>}
          {settings.poetTitle && <p className="memorial-role">{settings.poetTitle}</p>}
          {career.map((p, i) => (
            <p key={`c${i}`} className="memorial-text">
              {p}
            </p>
          ))}
          {family.map((p, i) => (
            <p key={`f${i}`} className="memorial-text">
              {p}
            </p>
          ))}
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
