export { baseApi, API_BASE_URL, TAG_TYPES, type TagType } from './baseApi';
