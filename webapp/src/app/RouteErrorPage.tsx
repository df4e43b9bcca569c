import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '@/shared/ui';

function readStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    for (const key of ['statusCode', 'status'] as const) {
      if (typeof record[key] === 'number') return record[key];
    }
    const response = record.response as Record<string, unknown> | undefined;
    if (response && typeof response.status === 'number') return response.status;
  }
  return undefined;
}

function readMessage(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
      return (data as { message: string }).message;
    }
    return typeof data === 'string' && data ? data : error.statusText || undefined;
  }
  // Only errors that carry an HTTP status are meant to be shown; others get the default text.
  if (readStatus(error) !== undefined && error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** The router's error element: status from the error (default 500) and a message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = readStatus(error) ?? 500;
  if (status === 404) return <ErrorPage status={404} message={t('error.notFound')} title={t('error.notFoundTitle')} />;
  if (status === 403) return <ErrorPage status={403} message={t('error.forbidden')} />;
  return <ErrorPage status={status} message={readMessage(error)} />;
}
