// Reports the gzip size of the JavaScript the browser loads for "/": the entry chunk and its
// static imports (from dist/.vite/manifest.json), plus the home route's lazy chunk; and the same
// for "/today", the first screen a signed-in reader sees.
// Usage: npm run build && node scripts/bundle-size.mjs [--json] [--max-kb 120]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const html = readFileSync(new URL('index.html', dist), 'utf8');

const gzipKb = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length / 1024;

const entryScript = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].file === entryScript);
if (!entryKey) throw new Error(`entry ${entryScript} not found in the Vite manifest`);

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
  return seen;
}

const initial = [...staticClosure(entryKey)].map((key) => ({ file: manifest[key].file, kb: gzipKb(manifest[key].file) }));
const initialKb = initial.reduce((sum, chunk) => sum + chunk.kb, 0);

// The lazy chunks a route's page pulls in beyond the initial ones.
function routeChunks(page) {
  const key = Object.keys(manifest).find((k) => k.endsWith(page));
  if (!key) throw new Error(`${page} not found in the Vite manifest`);
  return [...staticClosure(key)]
    .filter((k) => !initial.some((c) => c.file === manifest[k].file))
    .map((k) => ({ file: manifest[k].file, kb: gzipKb(manifest[k].file) }));
}
const sum = (chunks) => chunks.reduce((total, chunk) => total + chunk.kb, 0);

const home = routeChunks('features/home/HomePage.tsx');
const homeKb = sum(home);
const today = routeChunks('features/reading-log/pages/TodayPage.tsx');
const todayKb = sum(today);

const css = [...staticClosure(entryKey)].flatMap((key) => manifest[key].css ?? []);
const cssKb = css.reduce((sum, file) => sum + gzipKb(file), 0);

const args = process.argv.slice(2);
const report = {
  initialJsGzipKb: +initialKb.toFixed(1),
  homeRouteJsGzipKb: +homeKb.toFixed(1),
  totalJsForHomeGzipKb: +(initialKb + homeKb).toFixed(1),
  todayRouteJsGzipKb: +todayKb.toFixed(1),
  totalJsForTodayGzipKb: +(initialKb + todayKb).toFixed(1),
  initialCssGzipKb: +cssKb.toFixed(1),
  chunks: [...initial, ...home].map((c) => ({ file: c.file, gzipKb: +c.kb.toFixed(1) })),
};

if (args.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const chunk of report.chunks) console.log(`${chunk.gzipKb.toFixed(1).padStart(7)} KB  ${chunk.file}`);
  console.log(`entry + static imports: ${report.initialJsGzipKb} KB gzip`);
  console.log(`home route chunk(s):    ${report.homeRouteJsGzipKb} KB gzip`);
  console.log(`JS loaded by "/":       ${report.totalJsForHomeGzipKb} KB gzip (CSS ${report.initialCssGzipKb} KB)`);
  for (const chunk of today) console.log(`${chunk.kb.toFixed(1).padStart(7)} KB  ${chunk.file}`);
  console.log(`today route chunk(s):   ${report.todayRouteJsGzipKb} KB gzip`);
  console.log(`JS loaded by "/today":  ${report.totalJsForTodayGzipKb} KB gzip`);
}

const maxIndex = args.indexOf('--max-kb');
if (maxIndex >= 0) {
  const max = Number(args[maxIndex + 1]);
  if (report.totalJsForHomeGzipKb > max) {
    console.error(`JS for "/" is ${report.totalJsForHomeGzipKb} KB gzip, over the budget of ${max} KB`);
    process.exit(1);
  }
}
