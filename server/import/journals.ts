/**
 * `journals`: the ShowJCR lists (../shared/data/showjcr-journal-lists), told apart by their header:
 * FQBJCR2025 (中科院分区表: Journal, ISSN/EISSN, 大类, 大类分区, Top, Web of Science, 小类1..6),
 * CCF2026 (刊物名称, Journal, 出版社, 网址, 领域, CCF推荐类别, CCF推荐类型), CCFT2025 (中文刊名, Journal,
 * CN号, 主办单位, T分区) and CCFChinese2019 (Journal = Chinese title, 主办单位, 网址, CCF推荐类型).
 * A UTF-8 byte order mark is ignored.
 */
import { readTable, columns, type Table } from './table.js';
import { cell, ImportFileError, normaliseTitle, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

/** The ShowJCR file formats this importer knows. */
export type JournalFormat = 'FQBJCR' | 'CCF' | 'CCFT' | 'CCFChinese';

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Tells the format by the header (column names, not the file name). Throws ImportFileError when unknown. */
export function journalFormat(header: string[]): JournalFormat {
  const h = new Set(header.map(norm));
  if (h.has('issn/eissn') && h.has('大类')) return 'FQBJCR';
  if (h.has('cn号') && h.has('中文刊名')) return 'CCFT';
  if (h.has('刊物名称') && h.has('领域')) return 'CCF';
  if (h.has('journal') && h.has('主办单位') && h.has('ccf推荐类型')) return 'CCFChinese';
  throw new ImportFileError(
    `无法识别期刊列表的表头：应为 ShowJCR 的 FQBJCR（ISSN/EISSN, 大类）、CCF（刊物名称, 领域）、CCFT（中文刊名, CN号）或 CCFChinese（Journal, 主办单位, CCF推荐类型）之一；文件的表头是 ${header.slice(0, 10).join(', ')}`,
  );
}

const ISSN = /^\d{4}-\d{3}[\dXx]$/;

/** "1539-9087/1558-3465" → print and electronic ISSN (either may be missing or 'N/A'). */
export function splitIssn(text: string | null): { issn: string | null; eissn: string | null } {
  const [p, e] = (text ?? '').split('/').map((s) => s.trim().toUpperCase());
  return { issn: p && ISSN.test(p) ? p : null, eissn: e && ISSN.test(e) ? e : null };
}

/** "3 [168/495]" → { partition: 3, rank: '168/495' } */
function partitionOf(text: string | null): { partition: number | null; rank: string | null } {
  const m = /^\s*(\d)\s*(?:\[([^\]]*)\])?/.exec(text ?? '');
  return m ? { partition: Number(m[1]), rank: m[2]?.trim() ?? null } : { partition: null, rank: null };
}

/** " COMPUTER SCIENCE, HARDWARE & ARCHITECTURE 计算机：硬件" → { en, zh } (the Chinese part starts at the first CJK character). */
function subjectOf(text: string | null): { en: string | null; zh: string | null } {
  if (!text) return { en: null, zh: null };
  const i = text.search(/[\u3400-\u9fff]/);
  if (i < 0) return { en: text.trim(), zh: null };
  return { en: text.slice(0, i).trim() || null, zh: text.slice(i).trim() };
}

/** 'SSCI;AHCISCIE' → 'SSCI;AHCI;SCIE' (the source glues some index names together). */
function wosCollection(text: string | null): string | null {
  if (!text) return null;
  const parts = text.match(/SCIE|SSCI|AHCI|ESCI|OnHold|Suppressed/g);
  if (!parts) return text;
  const out: string[] = [];
  for (const p of parts) {
    if (p === 'OnHold' || p === 'Suppressed') out[out.length - 1] = `${out[out.length - 1] ?? ''}（${p === 'OnHold' ? '暂停收录' : '已停录'}）`;
    else out.push(p);
  }
  return out.join(';');
}

const yes = (v: string | null) => v === '是';

/**
 * Parses a ShowJCR CSV into `journal` resources (spec 1 §3 'Listing items': Journal id, title, cover,
 * feed_time, impact_factor, collection, issn, is_subscribed). Common fields: cover null, feed_time null,
 * impact_factor null (not in these lists), collection, issn, is_subscribed false, source (the list).
 * - FQBJCR: collection = Web of Science index ('SCIE', 'SSCI;SCIE', ...); issn, eissn, year, subject
 *   (大类), partition (大类分区 1-4), partition_rank ('168/495'), top (bool), review, open_access,
 *   oa_index, note (标注), subcategories [{ name, name_en, partition, rank }]. Key: ISSN, else EISSN.
 *   Category: 大类 → first 小类 (Chinese).
 * - CCF: title = full name (Journal), abbreviation, publisher, url, field (领域), ccf_rank ('A'),
 *   ccf_kind ('期刊' for 推荐国际学术刊物, '会议' for 推荐国际学术会议: conferences of the list are
 *   imported too, marked by this field), collection 'CCF A类'. Key: normalised title.
 *   Category: 领域 → CCF推荐类型.
 * - CCFT: title = 中文刊名, english_title, cn, language, sponsor (主办单位), t_partition,
 *   collection 'T1'. Key: CN号. Category: 计算机科学 → T分区.
 * - CCFChinese: title = Journal (Chinese), sponsor, url, ccf_rank, collection 'CCF A类'.
 *   Key: normalised title. Category: 计算机科学 → CCF推荐类型.
 * Skips rows without a title. Throws ImportFileError when the header is none of the four.
 */
export function parseJournals(text: string, _fileName: string): ParseResult {
  const table = readTable(text, { delimiter: ',', quote: true });
  const format = journalFormat(table.header);
  const skipped: SkippedRow[] = [...table.broken];
  const items = ROWS[format](table, skipped);
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read: table.rows.length + table.broken.length };
}

const base = { cover: null, feed_time: null, impact_factor: null, is_subscribed: false };
const at = (cells: string[], i: number | undefined) => (i === undefined ? null : cell(cells[i]));
const titleKeyOf = (t: string) => `title:${normaliseTitle(t)}`;

const ROWS: Record<JournalFormat, (t: Table, skipped: SkippedRow[]) => ImportItem[]> = {
  FQBJCR(table, skipped) {
    const col = columns(
      table.header,
      ['Journal', 'ISSN/EISSN', '大类'],
      [
        '年份',
        'Review',
        'OA Journal Index（OAJ）',
        'Open Access',
        'Web of Science',
        '标注',
        '大类分区',
        'Top',
        '小类1',
        '小类1分区',
        '小类2',
        '小类2分区',
        '小类3',
        '小类3分区',
        '小类4',
        '小类4分区',
        '小类5',
        '小类5分区',
        '小类6',
        '小类6分区',
      ],
    );
    const items: ImportItem[] = [];
    for (const { line, cells } of table.rows) {
      const title = at(cells, col.Journal);
      if (!title) {
        skipped.push({ line, reason: '刊名为空' });
        continue;
      }
      const { issn, eissn } = splitIssn(at(cells, col['ISSN/EISSN']));
      const subject = at(cells, col['大类']);
      const { partition, rank } = partitionOf(at(cells, col['大类分区']));
      const subcategories: { name: string | null; name_en: string | null; partition: number | null; rank: string | null }[] = [];
      for (let n = 1; n <= 6; n++) {
        const s = subjectOf(at(cells, col[`小类${n}` as '小类1']));
        if (!s.en && !s.zh) continue;
        const p = partitionOf(at(cells, col[`小类${n}分区` as '小类1分区']));
        subcategories.push({ name: s.zh, name_en: s.en, partition: p.partition, rank: p.rank });
      }
      const collection = wosCollection(at(cells, col['Web of Science']));
      const year = Number(at(cells, col['年份'])) || null;
      items.push({
        line,
        type: 'journal',
        sourceKey: issn ?? eissn ?? titleKeyOf(title),
        title,
        date: null,
        fields: {
          ...base,
          collection,
          issn,
          eissn,
          year,
          subject,
          partition,
          partition_rank: rank,
          top: yes(at(cells, col.Top)),
          review: yes(at(cells, col.Review)),
          open_access: yes(at(cells, col['Open Access'])),
          oa_index: yes(at(cells, col['OA Journal Index（OAJ）'])),
          note: at(cells, col['标注']),
          subcategories,
          source: '中科院分区表升级版',
        },
        searchText: [issn, eissn, subject, collection, ...subcategories.flatMap((s) => [s.name, s.name_en])].filter(Boolean).join(' '),
        categoryOne: subject,
        categoryTwo: subject ? (subcategories[0]?.name ?? null) : null,
      });
    }
    return items;
  },
  CCF(table, skipped) {
    const col = columns(
      table.header,
      ['Journal', '刊物名称', '领域'],
      ['年份', '出版社', '网址', 'CCF推荐类别（国际学术刊物/会议）', 'CCF推荐类别', 'CCF推荐类型'],
    );
    const kindCol = col['CCF推荐类别（国际学术刊物/会议）'] ?? col['CCF推荐类别'];
    const items: ImportItem[] = [];
    for (const { line, cells } of table.rows) {
      const title = at(cells, col.Journal) ?? at(cells, col['刊物名称']);
      if (!title) {
        skipped.push({ line, reason: '刊名为空' });
        continue;
      }
      const field = at(cells, col['领域']);
      const rankText = at(cells, col['CCF推荐类型']);
      const rank = rankText?.replace(/类$/, '') ?? null;
      const kindText = at(cells, kindCol);
      items.push({
        line,
        type: 'journal',
        sourceKey: titleKeyOf(title),
        title,
        date: null,
        fields: {
          ...base,
          collection: rank ? `CCF ${rank}类` : null,
          issn: null,
          abbreviation: at(cells, col['刊物名称']),
          publisher: at(cells, col['出版社']),
          url: at(cells, col['网址']),
          field,
          ccf_rank: rank,
          ccf_kind: kindText?.includes('会议') ? '会议' : kindText?.includes('刊物') ? '期刊' : null,
          ccf_category: kindText,
          year: Number(at(cells, col['年份'])) || null,
          source: 'CCF 推荐国际学术会议和期刊目录',
        },
        searchText: [at(cells, col['刊物名称']), at(cells, col['出版社']), field, rankText].filter(Boolean).join(' '),
        categoryOne: field,
        categoryTwo: field ? rankText : null,
      });
    }
    return items;
  },
  CCFT(table, skipped) {
    const col = columns(table.header, ['中文刊名', 'CN号'], ['Journal', '语种', '主办单位', 'CCF推荐类别', 'T分区']);
    const items: ImportItem[] = [];
    for (const { line, cells } of table.rows) {
      const title = at(cells, col['中文刊名']) ?? at(cells, col.Journal);
      if (!title) {
        skipped.push({ line, reason: '刊名为空' });
        continue;
      }
      const cn = at(cells, col['CN号']);
      const t = at(cells, col['T分区']);
      items.push({
        line,
        type: 'journal',
        sourceKey: cn ? `CN ${cn}` : titleKeyOf(title),
        title,
        date: null,
        fields: {
          ...base,
          collection: t,
          issn: null,
          cn,
          english_title: at(cells, col.Journal),
          language: at(cells, col['语种']),
          sponsor: at(cells, col['主办单位']),
          t_partition: t,
          list: at(cells, col['CCF推荐类别']),
          source: '计算领域高质量科技期刊分级目录',
        },
        searchText: [cn, at(cells, col.Journal), at(cells, col['主办单位'])].filter(Boolean).join(' '),
        categoryOne: '计算机科学',
        categoryTwo: t,
      });
    }
    return items;
  },
  CCFChinese(table, skipped) {
    const col = columns(table.header, ['Journal', '主办单位', 'CCF推荐类型'], ['网址']);
    const items: ImportItem[] = [];
    for (const { line, cells } of table.rows) {
      const title = at(cells, col.Journal);
      if (!title) {
        skipped.push({ line, reason: '刊名为空' });
        continue;
      }
      const rankText = at(cells, col['CCF推荐类型']);
      const rank = rankText?.replace(/类$/, '') ?? null;
      items.push({
        line,
        type: 'journal',
        sourceKey: titleKeyOf(title),
        title,
        date: null,
        fields: {
          ...base,
          collection: rank ? `CCF ${rank}类` : null,
          issn: null,
          sponsor: at(cells, col['主办单位']),
          url: at(cells, col['网址']),
          ccf_rank: rank,
          source: 'CCF 推荐中文科技期刊目录（2019）',
        },
        searchText: [at(cells, col['主办单位'])].filter(Boolean).join(' '),
        categoryOne: '计算机科学',
        categoryTwo: rankText,
      });
    }
    return items;
  },
};

/**
 * A journal repeating an earlier one's key: CCF lists a few journals under two fields (领域); the
 * second field is kept in the first row's `other_fields`. Returns the reason shown for the skipped row.
 */
export function mergeJournal(kept: ImportItem, dup: ImportItem, where: string): string {
  const k = kept.fields as { field?: string | null; other_fields?: string[] };
  const d = dup.fields as { field?: string | null };
  if (d.field && d.field !== k.field) {
    k.other_fields = [...new Set([...(k.other_fields ?? []), d.field])];
    return `同一刊物也列在领域“${d.field}”，已并入${where}`;
  }
  return `与${where}为同一刊物（${kept.sourceKey.startsWith('title:') ? '刊名相同' : kept.sourceKey}），已跳过`;
}
