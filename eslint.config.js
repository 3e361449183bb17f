// ESLint flat configuration (decision 282). `npm run lint` runs it, and `npm test` runs it
// (after `tsc --noEmit`) before any test, so a lint error fails CI. The import boundaries encode the
// rules of docs/architecture.md §Rooms; `npm run lint:boundaries-check` plants a
// violation and shows the rule refusing it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Folders of server code that sit below the routes: they never import a route folder or the web pages. */
const DOMAIN = [
  'policies',
  'seed',
  'applications',
  'resources',
  'search',
  'files',
  'import',
  'db',
  'reads',
  'tasks',
  'citations',
  'cache',
  'notify',
  'maintenance',
  'metrics',
];

/** The import boundaries of docs/architecture.md §Lint rules, as `import-x/no-restricted-paths` zones (paths from the repository root). */
const zones = [
  {
    target: './common',
    from: ['./app', './server', './modules', './e2e', './bench'],
    message: 'common/ 只放两端共用的代码：不能引用 app/、server/ 或 modules/（docs/architecture.md）',
  },
  { target: './app', from: './server', message: 'app/ 是浏览器代码，不能引用 server/（docs/architecture.md）' },
  { target: './modules', from: './app', message: 'modules/<type>/ 不能引用 app/：宿主通过注册表或 context 把需要的东西传进来（docs/architecture.md）' },
  {
    target: './modules',
    from: './server',
    except: [],
    message: 'modules/ 不能引用 server/ 的代码；服务器一侧的读取写在 *.server.ts 中并由 server 注册（docs/architecture.md）',
  },
  ...DOMAIN.map((d) => ({
    target: `./server/${d}`,
    from: ['./server/routes', './server/web'],
    message: `server/${d}/ 位于路由之下，不能引用 server/routes/ 或 server/web/：把共用的逻辑移到服务层（docs/architecture.md）`,
  })),
  { target: './server/routes', from: './server/web', message: 'server/routes/ 不能引用 server/web/（web 依赖路由，反过来就成了循环）' },
  // the browser's layout says who uses what (decision 437): the console is one lazy part of the browser; what
  // the visitor pages and the console share lives in app/shared/. Only the router (app/App.tsx) mounts the console.
  {
    target: ['./app/!(console)/**', './app/!(App).*', './modules'],
    from: './app/console',
    message: 'app/console/ 只属于后台：访客页面与模块不能引用它，共用的钩子与工具放在 app/shared/（decision 437）',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'data/**', 'coverage/**', 'bench/_*.tmp.ts', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // no import cycle between our files (a type-only import does not count: it is gone in JavaScript)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // where the recommended sets contradict the code's chosen style (decision 282): an async function
      // without await is how a Fastify handler or an interface's method answers; an event handler
      // of a React element may return a promise (React ignores it; the handler reports its own errors)
      '@typescript-eslint/require-await': 'off',
      // input checks name the control characters they refuse or strip, on purpose
      'no-control-regex': 'off',
      // a union that names a literal beside its wider type ('pending' | string) documents the value the
      // caller checks for
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // test helpers live in server/test/ and modules/test/, out of the production folders: code that ships never imports them
    files: ['app/**/*.{ts,tsx}', 'common/**/*.ts', 'modules/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**', 'modules/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zones,
            {
              target: ['./app', './common', './modules', './server'],
              from: ['./server/test', './modules/test'],
              message: '测试辅助代码（server/test/、modules/test/）只供测试引用',
            },
          ],
        },
      ],
    },
  },
  {
    // antd's hooks (App.useApp, Form.useForm) hand out closures, not methods that need their `this`
    files: ['app/**/*.{ts,tsx}', 'modules/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // a test reads answers as JSON (typed any) and asserts on them; expect(obj.method) is vitest's idiom
    files: ['**/*.test.ts', 'e2e/**', 'server/test/**', 'modules/test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // a test may reach past the layers to set up or inspect what it tests (a route's service from a
    // domain test, the page renderer from a route test); the browser/server and module boundaries hold
    files: ['**/*.test.ts', 'server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones.filter((z) => ![z.target].flat().some((t) => t.startsWith('./server'))) }] },
  },
  {
    // the test clients' answers default to any, so that a test reads the JSON it asserts on
    files: ['server/test/**', 'e2e/support.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Kysely's own advice: a migration runs against the schema of its day, not today's typed Database
    files: ['server/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['common/**', 'modules/*/definition.ts'],
    ignores: ['**/*.test.ts'], // a test may check the shared code against Node's own (crypto)
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'common/ 与 modules/*/definition.ts 两端都运行：不能引用 React（docs/architecture.md）' }],
          patterns: [
            {
              group: ['react-dom', 'react-dom/*', 'antd', 'antd/*', '@ant-design/*', 'node:*'],
              message: 'common/ 与 definition.ts 不能引用 React、antd 或 Node 的模块（docs/architecture.md）',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/migrations/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!kysely$|node:|\\./)', message: '迁移只能引用 kysely、Node 内置模块和同一目录下冻结的文件（decision 269）' }] },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'modules/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // two rules written for the React Compiler, which Atrium does not use: a form or an editor takes its
      // draft from the data once it has loaded (the one render more is the point: the draft then belongs
      // to the person editing it), and a hand-written memo whose inputs include a stable ref is kept
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
      },
    },
  },
);
