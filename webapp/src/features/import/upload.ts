import { API_BASE_URL, toApiError, type ApiError } from '@/shared/api';

export type RowStatus = 'new' | 'existing' | 'invalid';

export interface ImportCounts {
  new: number;
  existing: number;
  invalid: number;
}

export interface ImportRow {
  line: number;
  status: RowStatus;
  reason: string;
  date: string;
  startVerseId: number;
  endVerseId: number;
  text?: string;
}

export interface ImportResult {
  counts: ImportCounts;
  rows: ImportRow[];
  firstDate?: string;
  lastDate?: string;
  lookBackDate: string;
  moveLookBackTo?: string;
  notes?: ImportCounts;
  tags?: ImportCounts;
  settingsRestored: boolean;
}

/** What is imported: a chosen or dropped file, or pasted text. */
export interface ImportSource {
  body: Blob | string;
  name: string;
}

/** The Content-Type the server expects; it reads the layout from the content itself. */
export function contentType(source: ImportSource, firstChar: string): string {
  if (firstChar === '{' || source.name.toLowerCase().endsWith('.json')) return 'application/json';
  if (source.name.toLowerCase().endsWith('.csv')) return 'text/csv';
  return 'text/plain';
}

async function firstChar(body: Blob | string): Promise<string> {
  const head = typeof body === 'string' ? body.slice(0, 64) : await body.slice(0, 64).text();
  return head.replace(/^\uFEFF/, '').trimStart().charAt(0);
}

/**
 * Sends the file to POST /api/import (a preview when dryRun). XMLHttpRequest rather than fetch, for
 * the upload progress of a large file; onProgress gets 0-1, then null while the server reads it.
 */
export async function sendImport(source: ImportSource, dryRun: boolean, onProgress: (fraction: number | null) => void): Promise<ImportResult> {
  const type = contentType(source, await firstChar(source.body));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/import${dryRun ? '?dryRun=true' : ''}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', type);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      if (xhr.status === 200 && xhr.response) resolve(xhr.response as ImportResult);
      else reject(toApiError({ status: xhr.status, data: xhr.response as unknown }));
    };
    xhr.onerror = () => reject({ status: 'network', code: 'network_error', details: [] } satisfies ApiError);
    xhr.send(source.body);
  });
}
