/**
 * What the admin app costs a browser, screen by screen: gzipped bytes of the built files
 * (dist/admin) each screen needs, following the chunks' static imports from the entry and from
 * each screen's lazily loaded chunk.
 *
 * Usage: npm run bench:admin-bundle   (builds the admin first)
 *        node bench/admin-bundle.mjs [--json]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/admin';
const assets = join(dist, 'assets');
const files = readdirSync(assets);
const gz = new Map(files.map((f) => [f, gzipSync(readFileSync(join(assets, f)), { level: 9 }).length]));
const source = (f) => readFileSync(join(assets, f), 'utf8');

/** Files a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(file) {
  const text = source(file);
  const found = new Set();
  for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([\w.~-]+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

function closure(start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !gz.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /src="\/admin\/assets\/([^"]+\.js)"/.exec(html)[1];
const css = [...html.matchAll(/href="\/admin\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
const initial = closure(entry);
const sum = (set) => [...set].reduce((n, f) => n + gz.get(f), 0);
const initialBytes = sum(initial) + css.reduce((n, f) => n + gz.get(f), 0);

const SCREENS = [
  ['Login page', 'login-page'],
  ['Dashboard (publications list)', 'publication-list'],
  ['Detail page (show, poems)', 'publication-show'],
  ['Edit form', 'publication-edit'],
  ['Creation wizard (create)', 'publication-create'],
];
const rows = SCREENS.map(([label, prefix]) => {
  const chunk = files.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  const own = new Set([...closure(chunk)].filter((f) => !initial.has(f)));
  return { screen: label, chunk, ownKb: sum(own) / 1024, totalKb: (initialBytes + sum(own)) / 1024 };
});
const wizard = files.find((f) => f.startsWith('creation-wizard-') && f.endsWith('.js'));
const detail = rows.find((r) => r.chunk.startsWith('publication-show-'));
const wizardFromDetail = new Set([...closure(wizard)].filter((f) => !initial.has(f) && !closure(detail.chunk).has(f)));
const all = [...gz.entries()].filter(([f]) => f.endsWith('.js') || f.endsWith('.css')).reduce((n, [, b]) => n + b, 0);

const report = {
  entry: { files: [...initial, ...css].length, kb: initialBytes / 1024 },
  screens: rows,
  wizardOpenedFromDetailKb: sum(wizardFromDetail) / 1024,
  allScriptsAndStylesKb: all / 1024,
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const kb = (n) => `${n.toFixed(1)} kB`;
  console.log(`Admin bundle, gzipped (level 9), from ${dist}`);
  console.log(`  loaded by every screen (entry, its libraries, CSS): ${kb(report.entry.kb)} in ${report.entry.files} files`);
  console.log('  screen                          own chunks   total on first visit');
  for (const r of rows) console.log(`  ${r.screen.padEnd(32)}${kb(r.ownKb).padStart(10)}   ${kb(r.totalKb).padStart(10)}`);
  console.log(`  wizard opened from the detail page adds ${kb(report.wizardOpenedFromDetailKb)}`);
  console.log(`  every script and stylesheet together: ${kb(report.allScriptsAndStylesKb)} (fonts not counted)`);
}
