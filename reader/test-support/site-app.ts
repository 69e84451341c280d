import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Site settings the reader suites run with, so every page shows a known poet. */
export const TEST_SITE = {
  siteName: 'Eleanor Vance Archive',
  poet: { name: 'Eleanor Vance', birthDate: '1931-03-03', deathDate: '2019-06-09', title: 'Poet and Professor of Literature' },
  biography: {
    career: ['Eleanor Vance taught literature for forty years and published six collections.'],
    family: ['She is remembered by her children and grandchildren.'],
  },
  footerCredit: 'Developed by her grandson. Maintained by the Vance family.',
};

export function writeSiteSettings(extra: Record<string, unknown> = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'site-settings-')), 'site.json');
  writeFileSync(file, JSON.stringify({ ...TEST_SITE, ...extra }));
  return file;
}
