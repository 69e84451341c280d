import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { lifeDates } from '../../../contracts/format.js';
import { Layout } from '../components/layout.js';
import { Biography, PoetPortrait } from '../components/poet-portrait.js';

/** About the poet: portrait, name, life dates and biography, as the curators set them. */
export function AboutPage({ settings }: { settings: PublicSiteSettings }) {
  const dates = lifeDates(settings.birthDate, settings.deathDate);
  return (
    <Layout settings={settings}>
      <article className="container narrow page-pad about" aria-labelledby="about-title">
        <h1 id="about-title" className="page-title">
          About {settings.poetName}
        </h1>
        <div className="about-person">
          <PoetPortrait settings={settings} className="about-portrait" />
          <div>
            {dates && <p className="memorial-dates">{dates}</p>}
            {settings.poetTitle && <p className="memorial-role">{settings.poetTitle}</p>}
          </div>
        </div>
        <Biography settings={settings} />
        <p className="index-links">
          <a href="/publications">Read the published collections</a>
        </p>
      </article>
    </Layout>
  );
}
