import { lazy, memo, Suspense, useEffect } from 'react';
import type { Poem } from '../../../contracts/reader-page.js';
import type { ReportForm } from './report-form.js';
// Its styles come with the site's one stylesheet, so the served form is styled before its code loads.
import './report-mistake.css';

/*
 * The form is in the page as served (it works without the script), but its code stays out of the
 * page's first load: the server bundle registers it (entry-server.tsx) and renders it; in the
 * browser its Suspense boundary keeps the served form as it is until the reader first does
 * something on the page, then loads its code and hydrates it. A poem shown later (a step inside
 * the book) loads it at once.
 */
export const reportForm: { served?: typeof ReportForm } = {};
let want: () => void;
const wanted = new Promise<void>((resolve) => (want = resolve));
let hydrated = false;
const Loaded = lazy(() => wanted.then(() => import('./report-form.js')).then((m) => ({ default: m.ReportForm })));

export const ReportMistake = memo(function ReportMistake({ poem }: { poem: Poem }) {
  if (hydrated) want();
  useEffect(() => {
    hydrated = true;
    // Selecting words starts with one of these too.
    document.addEventListener('pointerdown', want);
    document.addEventListener('keydown', want);
  }, []);
  const Form = reportForm.served ?? Loaded;
  return (
    <Suspense fallback={null}>
      {/* A form of its own for each poem: what was typed about one never goes with the next. */}
      <Form key={poem.id} poem={poem} />
    </Suspense>
  );
});
