#!/usr/bin/env node
/**
 * After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
 * built script, stylesheet and SVG of dist/app over 1 KB, so the server sends assets compressed without
 * compressing them per request (@fastify/static `preCompressed`). Prints the totals (KB).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist/app');
let raw = 0,
  br = 0,
  gz = 0,
  n = 0;
function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      walk(p);
      continue;
    }
    if (!/\.(js|css|svg)$/.test(e.name)) continue;
    const data = fs.readFileSync(p);
    if (data.length < 1024) continue;
    const b = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const g = zlib.gzipSync(data, { level: 9 });
    fs.writeFileSync(`${p}.br`, b);
    fs.writeFileSync(`${p}.gz`, g);
    raw += data.length;
    br += b.length;
    gz += g.length;
    n += 1;
  }
}
if (!fs.existsSync(root)) {
  console.error('dist/app 不存在：请先运行 vite build');
  process.exit(1);
}
walk(root);
console.log(`预压缩 ${n} 个文件：${(raw / 1024).toFixed(0)} KB → brotli ${(br / 1024).toFixed(0)} KB，gzip ${(gz / 1024).toFixed(0)} KB`);
