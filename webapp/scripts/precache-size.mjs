// The service worker's precache after a build: how many files, their size as built, and what
// installing the worker downloads (brotli, as the server sends the build's .br files; gzip).
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const sw = readFileSync(new URL('sw.js', dist), 'utf8');
const manifest = /(\[\{"revision":.*?\}\])/.exec(sw)?.[1];
if (!manifest) {
  console.error('precache-size: no precache manifest in dist/sw.js (run npm run build first)');
  process.exit(1);
}

const entries = JSON.parse(manifest);
const sized = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let raw = 0;
let brotli = 0;
let gzip = 0;
for (const { url } of entries) {
  const body = readFileSync(new URL(url, dist));
  raw += body.length;
  const br = new URL(`${url}.br`, dist);
  const gz = new URL(`${url}.gz`, dist);
  brotli += existsSync(br) ? readFileSync(br).length : Math.min(body.length, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  gzip += existsSync(gz) ? readFileSync(gz).length : Math.min(body.length, gzipSync(body, { level: 9 }).length);
}
console.log(`precache: ${entries.length} entries, ${sized(raw)} raw, ${sized(brotli)} brotli, ${sized(gzip)} gzip`);
