/**
 * The browser's generated API types (decisions 439, 442): the committed
 * common/apiSchema.ts is what the declared routes generate now, and a route whose answer changes
 * shape breaks the browser's compilation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapiDocument.js';
import { API_SCHEMA_FILE, apiTypesSource } from '../../scripts/apiTypes.js';

const root = path.resolve(import.meta.dirname, '../..');
let doc: Record<string, unknown>;
beforeAll(async () => {
  doc = await buildOpenApiDocument();
}, 120_000);

/** Compiles the probe (scripts/fixtures/apiTypes/probe.ts) and the typed client against `schemaSource`; returns the errors. */
function compileProbe(schemaSource: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-api-types-'));
  try {
    const put = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    put(API_SCHEMA_FILE, schemaSource);
    put('app/shared/apiClient.ts', fs.readFileSync(path.join(root, 'app/shared/apiClient.ts'), 'utf8'));
    put('common/typedApi.ts', fs.readFileSync(path.join(root, 'common/typedApi.ts'), 'utf8'));
    put('scripts/fixtures/apiTypes/probe.ts', fs.readFileSync(path.join(root, 'scripts/fixtures/apiTypes/probe.ts'), 'utf8'));
    // the signed client of app/api.ts, as a declaration: the probe checks types, it sends nothing
    put('app/api.ts', ["import type { TypedApi } from '../common/typedApi';", 'export declare const hostApi: { api: TypedApi };'].join('\n'));
    const program = ts.createProgram([path.join(dir, 'scripts/fixtures/apiTypes/probe.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
      paths: { '@common/*': [path.join(dir, 'common/*')] },
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the generated API types', () => {
  it(`${API_SCHEMA_FILE} is what the routes declare now (else run npm run generate:api)`, async () => {
    const fresh = await apiTypesSource(doc, path.join(root, API_SCHEMA_FILE));
    const committed = fs.readFileSync(path.join(root, API_SCHEMA_FILE), 'utf8');
    expect(committed === fresh, `${API_SCHEMA_FILE} 已过期：请运行 npm run generate:api`).toBe(true);
  });

  it("break the browser's compilation when a route's answer changes shape", async () => {
    expect(compileProbe(await apiTypesSource(doc, API_SCHEMA_FILE, false))).toEqual([]);
    // the same document with `homeConfig` taken out of the answer of GET /api/v1/applications/config
    const changed = structuredClone(doc) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const answer = (changed.paths['/api/v1/applications/config'].get.responses['200'] as { content: Record<string, { schema: Record<string, unknown> }> })
      .content['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    delete answer.properties.homeConfig;
    answer.required = answer.required.filter((k) => k !== 'homeConfig');
    const errors = compileProbe(await apiTypesSource(changed, API_SCHEMA_FILE, false));
    expect(errors.join('\n')).toContain("Property 'homeConfig' does not exist");
  }, 180_000);
});
