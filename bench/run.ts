/**
 * `npm run bench`: every benchmark, each printing its figure and the baseline measured in the same run.
 * BENCH_SECONDS sets the duration of each HTTP measurement (default 10 s); the editor and visitor
 * benchmarks need the built app (`npm run build`) and Debian's Chromium.
 */
import { printHttpBench } from './http.js';
import { benchImport } from './import.js';
import { printSearchBench } from './search.js';
import { printEditorBench } from './editor.js';
import { benchHome } from './home.js';
import { benchFirstPaint } from './first-paint.js';
import { benchAnalyticsBeacons } from './analytics-beacons.js';
import { benchSuggestions } from './suggestions.js';
import { benchModeration } from './moderation.js';

const num = (n: number) => Math.round(n).toLocaleString('en');

const imp = await benchImport();
const s = imp.summary;
console.log(`Import: all CSRankings scholar files (${s.files.length} CSVs, ${num(imp.rows)} rows), fresh SQLite file each`);
console.log("  Atrium   = importFiles(db, 'scholars', …): read + parse + dedupe + institutions + upsert, one transaction");
console.log('  baseline = raw better-sqlite3: one prepared INSERT per row, one transaction, same row count and byte sizes');
console.log(
  `  rows/s   Atrium ${num(imp.importRowsPerSec)}   baseline ${num(imp.rawInsertRowsPerSec)}   (Atrium = ${((imp.importRowsPerSec / imp.rawInsertRowsPerSec) * 100).toFixed(1)} % of baseline)`,
);
console.log(
  `  seconds  Atrium ${imp.importSeconds.toFixed(2)}   baseline ${imp.rawSeconds.toFixed(2)}   (Atrium stored ${num(s.inserted)} scholars + ${num(s.related?.inserted ?? 0)} institutions, skipped ${num(s.skipped.length)} rows)`,
);
console.log('');
await printHttpBench();
console.log('');
await printSearchBench();
await printEditorBench();
console.log('');
console.log('Visitor home page: HTML throughput against a bare route with the same bytes');
await benchHome();
console.log('');
console.log('Visitor home page: first paint in Chromium against the same page saved as a static file');
await benchFirstPaint();
console.log('');
await benchAnalyticsBeacons();
console.log('');
await benchSuggestions();
console.log('');
await benchModeration();
