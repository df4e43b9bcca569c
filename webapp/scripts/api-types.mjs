// Writes src/shared/api/schema.ts, the API's types, from src/shared/api/openapi.json
// (the Go side writes that one: make openapi). src/shared/api/schema.test.ts fails when the
// committed types differ from what this would write.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const dir = new URL('../src/shared/api/', import.meta.url);
const doc = JSON.parse(readFileSync(new URL('openapi.json', dir), 'utf8'));
// A default is what the server assumes when a value is left out, so it does not make a value
// required: the document says which ones are.
writeFileSync(new URL('schema.ts', dir), COMMENT_HEADER + astToString(await openapiTS(doc, { defaultNonNullable: false })));
