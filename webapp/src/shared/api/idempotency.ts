import type { FetchArgs } from '@reduxjs/toolkit/query/react';

/**
 * A creating POST with a fresh Idempotency-Key: the server answers a repeat of this request (a
 * retry after a lost answer) with its first answer instead of writing again. The key comes from
 * getRandomValues, which unlike randomUUID also works on a site served over plain http.
 */
export function creatingPost(url: string, body: unknown): FetchArgs {
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { url, method: 'POST', body, headers: { 'Idempotency-Key': key } };
}
