// The API answers every failure with one body shape:
// {"error":{"code":"validation_error","errors":[{"field":"email","code":"required","properties":{}}]}}.
// Top-level codes: validation_error, invalid_request, unauthenticated, forbidden, not_found,
// conflict, too_many_requests, internal_error. Detail codes are field kinds (required, is_invalid,
// unique, min_length, max_length, review) or api_error codes (invalid_login, verify_email, ...).

export interface ApiErrorDetail {
  /** The request field the detail is about; absent for errors about the whole request. */
  field?: string;
  code: string;
  properties?: Record<string, unknown>;
}

export interface ApiError {
  /** The HTTP status, or 'network' when no answer arrived (offline, server down). */
  status: number | 'network';
  /** The top-level code ('network_error' or 'unknown' when the body had none). */
  code: string;
  details: ApiErrorDetail[];
  /** From Retry-After on a 429. */
  retryAfterSeconds?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readDetail(value: unknown): ApiErrorDetail | null {
  if (!isRecord(value) || typeof value.code !== 'string' || !value.code) return null;
  const detail: ApiErrorDetail = { code: value.code };
  if (typeof value.field === 'string' && value.field) detail.field = value.field;
  if (isRecord(value.properties)) detail.properties = value.properties;
  return detail;
}

/** Reads an RTK Query error (FetchBaseQueryError, SerializedError or anything else) as an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (!isRecord(error)) return { status: 'network', code: 'unknown', details: [] };
  const status = error.status;
  if (typeof status !== 'number') {
    // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR ('originalStatus' is set for the last one).
    if (typeof error.originalStatus === 'number') {
      return { status: error.originalStatus, code: 'unknown', details: [] };
    }
    return { status: 'network', code: 'network_error', details: [] };
  }
  const data = isRecord(error.data) ? error.data : {};
  const body = isRecord(data.error) ? data.error : {};
  const details = Array.isArray(body.errors) ? body.errors.map(readDetail).filter((d): d is ApiErrorDetail => d !== null) : [];
  const result: ApiError = { status, code: typeof body.code === 'string' ? body.code : 'unknown', details };
  if (typeof data.retryAfterSeconds === 'number') result.retryAfterSeconds = data.retryAfterSeconds;
  return result;
}

/** The first detail per field, for showing beside the fields. */
export function fieldDetails(error: ApiError): Record<string, ApiErrorDetail> {
  const out: Record<string, ApiErrorDetail> = {};
  for (const detail of error.details) {
    if (detail.field && !out[detail.field]) out[detail.field] = detail;
  }
  return out;
}

/** Whether the error carries a detail with this code (on any field, or none). */
export function hasErrorCode(error: ApiError, code: string): boolean {
  return error.code === code || error.details.some((detail) => detail.code === code);
}
