/**
 * The import boundaries of docs/architecture.md §Lint rules fail on a planted violation: each case
 * lints a few planted lines as if they were in a real file of the tree, with the project's own ESLint
 * configuration, and expects the boundary rule to refuse them; the same lines in a file where they are
 * allowed pass. Also `npm run lint` on the tree (run by `npm test`) reports none.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids of the messages ESLint gives `code` placed at `filePath` (relative to the repository). */
async function rulesOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('import boundaries (docs/architecture.md §Lint rules)', { timeout: 120_000 }, () => {
  it.each([
    ['app/ never imports server/', 'app/App.tsx', "import { loadConfig } from '../server/config.js';\nexport const c = loadConfig;\n"],
    ['modules/<type>/ never imports app/', 'modules/news/Panel.tsx', "import { apiGet } from '@app/api';\nexport const g = apiGet;\n"],
    [
      'domain code never imports a route folder',
      'server/search/grams.ts',
      "import { getApplication } from '../routes/applications/service.js';\nexport const g = getApplication;\n",
    ],
    ['domain code never imports the web pages', 'server/resources/present.ts', "import webRoutes from '../web/index.js';\nexport const w = webRoutes;\n"],
    ['common/ never imports server/', 'common/page.ts', "import { loadConfig } from '../server/config.js';\nexport const c = loadConfig;\n"],
    [
      'shipped code never imports a test helper',
      'server/content/sanitize.ts',
      "import { XSS_PAYLOADS } from '../test/xssPayloads.js';\nconsole.log(XSS_PAYLOADS.length);\n",
    ],
    ["a panel never imports the panels' test helpers", 'modules/news/Panel.tsx', "import * as t from '../test/panels';\nexport const x = t;\n"],
  ])('%s', async (_rule, file, code) => {
    expect(await rulesOf(file, code)).toContain(BOUNDARY);
  });

  it('refuses React in common/ and in a definition, and live code in a migration', async () => {
    expect(await rulesOf('modules/news/definition.ts', "import { useState } from 'react';\nexport const s = useState;\n")).toContain('no-restricted-imports');
    expect(await rulesOf('server/db/migrations/024_tasks.ts', "import { MSG } from '../../../common/messages.js';\nexport const m = MSG;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('lets the same import through where docs/architecture.md §Lint rules allows it', async () => {
    expect(
      await rulesOf('server/routes/notices/service.ts', "import { getApplication } from '../applications/service.js';\nexport const g = getApplication;\n"),
    ).not.toContain(BOUNDARY);
    expect(await rulesOf('app/App.tsx', "import { MSG } from '@common/messages';\nexport const m = MSG;\n")).not.toContain(BOUNDARY);
    expect(
      await rulesOf('server/content/sanitize.test.ts', "import { XSS_PAYLOADS } from '../test/xssPayloads.js';\nexport const x = XSS_PAYLOADS;\n"),
    ).not.toContain(BOUNDARY);
  });
});
