import { memo } from 'react';
import type { Poem } from '../../../contracts/reader-page.js';
import { servedNowLoadedOnUse } from './on-first-use.js';
// Its styles come with the site's one stylesheet, so the served form is styled before its code loads.
import './report-mistake.css';

/** The report form: served with the page, its code loaded at the reader's first use of the page (on-first-use.tsx). */
const { OnFirstUse: Form, served } = servedNowLoadedOnUse(() => import('./report-form.js').then((m) => m.ReportForm));
export const reportForm = served;

export const ReportMistake = memo(function ReportMistake({ poem }: { poem: Poem }) {
  // A form of its own for each poem: what was typed about one never goes with the next.
  return <Form key={poem.id} poem={poem} />;
});
