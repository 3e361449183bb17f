/**
 * The `<meta name="description">` of a site's pages (docs/decisions.md 242): the spec's
 * application config has no description field, so it is made from what the config holds: the site's
 * name, its topic and the titles (aliases) of its home panels, e.g.
 * 「计算机科学门户：计算机科学 — 通知公告、学者、期刊」. At most {@link DESCRIPTION_MAX} characters.
 */
import { homeEntry, type HomeConfig } from '../../common/homeConfig.js';

export const DESCRIPTION_MAX = 150;

interface Describable {
  name: string;
  topic?: { title: string } | null;
  homeConfig: HomeConfig;
}

/** See the file comment. */
export function describeSite(config: Describable): string {
  const titles: string[] = [];
  const visit = (modules: unknown[]) => {
    for (const m of modules as Array<{ alias?: unknown; components?: Array<{ modules?: unknown[] }> }>) {
      if (typeof m.alias === 'string' && m.alias.trim() && !titles.includes(m.alias.trim())) titles.push(m.alias.trim());
      for (const slot of m.components ?? []) visit(slot.modules ?? []);
    }
  };
  visit(homeEntry(config.homeConfig).template);
  const head = config.topic?.title && config.topic.title !== config.name ? `${config.name}：${config.topic.title}` : config.name;
  const text = titles.length ? `${head} — ${titles.join('、')}` : head;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}
