import type { components } from './schema';

/** The API's schemas, generated from its description (schema.ts; make openapi). */
export type Schemas = components['schemas'];

/** Every detail code the API answers with; each has a translation in every locale. */
export type ErrorCode = Schemas['ErrorCode'];
