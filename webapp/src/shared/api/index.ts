export { baseApi, setRequestLayer, API_BASE_URL, CURRENT_USER_ENDPOINT, TAG_TYPES, type RequestLayer, type TagType } from './baseApi';
export { toApiError, fieldDetails, hasErrorCode, type ApiError, type ApiErrorDetail } from './errors';
export { creatingPost } from './idempotency';
export type { components, operations, paths } from './schema';
export type { Schemas, ErrorCode } from './types';
