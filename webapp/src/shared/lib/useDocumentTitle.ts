import { useEffect } from 'react';

export const APP_NAME = 'Lamplight';

export function formatTitle(page?: string): string {
  return page ? `${page} | ${APP_NAME}` : APP_NAME;
}

/** Sets the document title to "{page} | Lamplight", or "Lamplight" without a page. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
