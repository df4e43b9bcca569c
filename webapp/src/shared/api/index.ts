export { baseApi, API_BASE_URL, CURRENT_USER_ENDPOINT, TAG_TYPES, type TagType } from './baseApi';
export { toApiError, fieldDetails, hasErrorCode, type ApiError, type ApiErrorDetail } from './errors';
