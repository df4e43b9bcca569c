// Renders the app icons (PNG) from the SVG mark with the system Chromium.
// Run by hand when the mark changes: node scripts/render-icons.mjs. The PNGs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const root = new URL('../public/', import.meta.url);
const favicon = await readFile(new URL('favicon.svg', root), 'utf8');
const mark = favicon.replace(/^[\s\S]*?<g /, '<g ').replace(/<\/svg>\s*$/, '');
const inner = mark.replace(/<g [^>]*>/, '').replace(/<\/g>\s*$/, '');

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#fbf3e6"/>
  <g transform="translate(12.2 12.2) scale(0.62)">${inner}</g>
</svg>`;
const square = favicon.replace('rx="14"', 'rx="0"');

const targets = [
  { file: 'icons/icon-192.png', svg: favicon, size: 192 },
  { file: 'icons/icon-512.png', svg: favicon, size: 512 },
  { file: 'icons/maskable-512.png', svg: maskable, size: 512 },
  { file: 'icons/apple-touch-icon.png', svg: square, size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const { file, svg, size } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(new URL(file, root), png);
    await page.close();
    console.log(`wrote public/${file} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
