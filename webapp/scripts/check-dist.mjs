// Checks the build output the Go binary embeds: the committed placeholder survives the build,
// index.html contains nothing the server's CSP would block (inline scripts, style attributes), and
// the service worker precaches every script and style sheet (every route and every locale's strings,
// and theme.js, which sets the reader's theme before the first paint).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const problems = [];

for (const file of ['.gitkeep', 'index.html', 'theme.js', 'manifest.webmanifest', 'sw.js', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png']) {
  if (!existsSync(new URL(file, dist))) problems.push(`dist/${file} is missing`);
}

if (existsSync(new URL('index.html', dist))) {
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (!/\bsrc=/.test(tag)) problems.push(`inline script in index.html: ${tag}`);
  }
  if (/<style\b/.test(html)) problems.push('inline <style> in index.html');
  if (/\sstyle=/.test(html)) problems.push('style attribute in index.html');
  if (/\son[a-z]+=/.test(html)) problems.push('inline event handler in index.html');
  if (/https?:\/\//.test(html)) problems.push('index.html refers to another origin');
}

if (existsSync(new URL('sw.js', dist)) && existsSync(new URL('assets/', dist))) {
  const manifest = /(\[\{"revision":.*?\}\])/.exec(readFileSync(new URL('sw.js', dist), 'utf8'))?.[1];
  const precached = new Set(manifest ? JSON.parse(manifest).map((entry) => entry.url) : []);
  if (!manifest) problems.push('sw.js has no precache manifest');
  for (const name of readdirSync(new URL('assets/', dist))) {
    if (/\.(js|css)$/.test(name) && !precached.has(`assets/${name}`)) problems.push(`assets/${name} is not precached`);
  }
  // The theme is set before the first paint, offline too (index.html loads it).
  if (!precached.has('theme.js')) problems.push('theme.js is not precached');
}

if (problems.length > 0) {
  console.error(problems.map((p) => `check-dist: ${p}`).join('\n'));
  process.exit(1);
}
console.log('check-dist: dist is complete and CSP-clean');
