import { expect, it } from 'vitest';
import { baseURL } from './support/browser';

it('serves the web app manifest with its icons', async () => {
  const response = await fetch(`${baseURL()}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Lamplight');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await fetch(`${baseURL()}${icon.src}`);
    expect(file.status, icon.src).toBe(200);
    expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
  }
});

it('serves index.html for app paths without caching, and hashed assets for a year', async () => {
  const response = await fetch(`${baseURL()}/de/books`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toContain('no-cache');
  const html = await response.text();
  expect(html).toContain('<div id="root"></div>');
  // No inline scripts or style attributes: the CSP forbids them.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/\sstyle=/);
  // The app's module script; /theme.js before it sets the theme for the first paint.
  const script = /<script[^>]+src="(\/assets\/[^"]+)"/.exec(html)?.[1];
  expect(script).toMatch(/^\/assets\//);
  const asset = await fetch(`${baseURL()}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000/);
});

it('answers 404 for a book that does not exist, 200 for one that does', async () => {
  for (const path of ['/books/999', '/books/zzz', '/books/genesis', '/de/books/0']) {
    const response = await fetch(`${baseURL()}${path}`);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).toContain('<div id="root"></div>');
  }
  for (const path of ['/books/1', '/books/GEN', '/uk/books/1co']) {
    expect((await fetch(`${baseURL()}${path}`)).status, path).toBe(200);
  }
});

it('keeps /api for the server', async () => {
  const response = await fetch(`${baseURL()}/api/no-such-endpoint`);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toContain('application/json');
});

it('serves the service worker', async () => {
  const response = await fetch(`${baseURL()}/sw.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
});
