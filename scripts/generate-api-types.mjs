#!/usr/bin/env node
// `npm run generate:api` (decision 439): builds the app in-process on a throwaway SQLite
// database (no listening server), takes its OpenAPI document and writes the browser's API types to
// common/apiSchema.ts. With `--check`, writes nothing and exits 1 when the committed file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { buildOpenApiDocument } = await tsImport('../server/http/openapiDocument.ts', import.meta.url);
const { apiTypesSource, API_SCHEMA_FILE } = await tsImport('./apiTypes.ts', import.meta.url);

const file = path.join(root, API_SCHEMA_FILE);
const source = await apiTypesSource(await buildOpenApiDocument(), file);
const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (current !== source) {
    console.error(`${API_SCHEMA_FILE} 已过期：请运行 npm run generate:api`);
    process.exit(1);
  }
  console.log(`${API_SCHEMA_FILE} is up to date`);
} else if (current === source) {
  console.log(`${API_SCHEMA_FILE} unchanged`);
} else {
  fs.writeFileSync(file, source);
  console.log(`wrote ${API_SCHEMA_FILE}`);
}
// the app's background work may still hold a timer: the document is written, stop here
process.exit(0);
