#!/usr/bin/env node
/**
 * `npm test`: runs the type check and the linter (a failure stops it), makes sure Debian's Chromium is there (installs it with apt-get when we are root, or stops
 * with the exact command), builds the browser app, runs every Vitest project, and prints the closing
 * line 'tests: N passed, M failed'. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const run = (cmd, a, opts = {}) => spawnSync(cmd, a, { stdio: 'inherit', ...opts });

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const cmd = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk';
  if (process.getuid && process.getuid() === 0) {
    console.log(`Chromium 不在 ${CHROMIUM}，正在安装：${cmd}`);
    const r = run('bash', ['-c', cmd]);
    if (r.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(`浏览器测试需要 Debian 的 chromium。请运行：\n  sudo bash -c '${cmd}'\n或设置 CHROMIUM_PATH。`);
  process.exit(1);
}

// the guard rails first: a type error or a lint error fails `npm test` before any test runs;
// a run of chosen projects (`npm test -- --project unit`) skips them, as does ATRIUM_SKIP_CHECKS=1
if (!args.includes('--project') && process.env.ATRIUM_SKIP_CHECKS !== '1') {
  // both at once (one core each): each prints its own findings when it fails
  const checks = [
    ['类型检查（tsc --noEmit）', 'typecheck'],
    ['代码检查（ESLint、Prettier）', 'lint'],
  ].map(([label, script]) => {
    console.log(`${label}…`);
    return new Promise((resolve) => spawn('npm', ['run', script, '--silent'], { stdio: 'inherit' }).on('exit', (code) => resolve({ label, code })));
  });
  const failures = (await Promise.all(checks)).filter((c) => c.code !== 0);
  for (const f of failures) console.error(`${f.label}未通过：请先修正上面列出的问题`);
  if (failures.length) process.exit(failures[0].code ?? 1);
}

const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
if (wantsE2e) {
  ensureChromium();
  const b = run('npm', ['run', 'build', '--silent']);
  if (b.status !== 0) {
    console.error('前端构建失败');
    process.exit(b.status ?? 1);
  }
}
if (!process.env.TEST_DATABASE_URL) console.log('提示：未设置 TEST_DATABASE_URL，API 测试只在 SQLite 上运行。');

/**
 * One vitest run with its own JSON report; returns its exit status and counts. A run whose report is
 * missing counts as one failure.
 */
function vitest(extra, reportName) {
  const report = path.resolve('test-artifacts', reportName);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  const r = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
  let passed = 0,
    failed = 0,
    skipped = 0;
  try {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    skipped = j.numPendingTests + (j.numTodoTests ?? 0);
  } catch {
    failed = Math.max(failed, 1);
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  return { ok: r.status === 0 && failed === 0, passed, failed, skipped };
}

// Without --project: the unit and API projects first, then the browser tests on their own, so that
// Chromium and the portal it drives do not compete with the API workers for the CPU (decision 226).
const phases = args.includes('--project')
  ? [[args, 'vitest-report.json']]
  : [
      [
        ['--project', 'unit', '--project', 'api-sqlite', ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-postgres'] : []), ...args],
        'vitest-report.json',
      ],
      [['--project', 'e2e', ...args], 'vitest-report-e2e.json'],
    ];
let passed = 0,
  failed = 0,
  skipped = 0,
  ok = true;
// the browser tests' failure digest (e2e/support.ts) of this run only
const digest = path.resolve('test-artifacts', 'e2e-failures.txt');
fs.rmSync(digest, { force: true });
for (const [extra, name] of phases) {
  const r = vitest(extra, name);
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  ok &&= r.ok;
}
if (fs.existsSync(digest)) {
  const lines = fs.readFileSync(digest, 'utf8').trimEnd().split('\n');
  console.log(`\n浏览器测试失败摘要（${digest}）：\n${lines.slice(0, 80).join('\n')}${lines.length > 80 ? `\n…（另有 ${lines.length - 80} 行）` : ''}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
