import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { expect, it } from 'vitest';
import doc from './openapi.json';
import committed from './schema.ts?raw';

it('schema.ts is what scripts/api-types.mjs writes from openapi.json (run make openapi)', async () => {
  // The same options as scripts/api-types.mjs.
  const generated = COMMENT_HEADER + astToString(await openapiTS(doc as unknown as OpenAPI3, { defaultNonNullable: false }));
  expect(generated === committed, 'src/shared/api/schema.ts is stale: run make openapi').toBe(true);
});
