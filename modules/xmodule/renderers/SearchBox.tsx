/**
 * `search-box`: a site search box going to /microapp/explore?query=…[&type=…] (the explore page of
 * spec 1 §2), with optional hot words under it. A plain GET form, so it works before the script loads;
 * inert in edit mode. Params: placeholder, buttonText, type (a resource type), hotWords (comma separated).
 */
import type { FormEvent } from 'react';
import { SearchOutlined } from '../../kit/icons';
import { guardHref } from '../../kit/links';
import type { XRendererProps } from './types';
import { textParam } from './util';
import { scalarText } from '@common/text';

export const EXPLORE_PATH = '/microapp/explore';

/** The explore address of a query (and an optional type). */
export function exploreHref(query: string, type?: string): string {
  const q = new URLSearchParams({ query });
  if (type) q.set('type', type);
  return `${EXPLORE_PATH}?${q.toString()}`;
}

/** See the file comment. */
export default function SearchBox({ params, module, site, editable }: XRendererProps) {
  const placeholder = textParam(params.placeholder) || '请输入关键词';
  const button = textParam(params.buttonText) || '检索';
  const type = /^[a-z_]+$/.test(textParam(params.type)) ? textParam(params.type) : '';
  const hot = textParam(params.hotWords)
    .split(/[,，、;；]/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 10);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const query = scalarText(new FormData(e.currentTarget).get('query')).trim();
    // spec 1 §5 'Search by text runs only when the query is non-empty'
    if (editable || !query) {
      e.preventDefault();
      return;
    }
    if (module.oauthBeforeRedirect && !site.user) {
      e.preventDefault();
      window.location.assign(guardHref(exploreHref(query, type), module, site));
    }
  };
  return (
    <div className="atr-x-search">
      <form className="atr-x-search__form" action={EXPLORE_PATH} method="get" role="search" onSubmit={onSubmit}>
        <input className="atr-x-search__input" name="query" type="search" placeholder={placeholder} aria-label={placeholder} maxLength={100} />
        {type && <input type="hidden" name="type" value={type} />}
        <button className="atr-x-search__button" type="submit">
          <SearchOutlined aria-hidden /> {button}
        </button>
      </form>
      {hot.length > 0 && (
        <div className="atr-x-search__hot">
          <span className="atr-x-search__hot-label">热门：</span>
          {hot.map((w) => (
            <a key={w} className="atr-x-search__word" href={guardHref(exploreHref(w, type), module, site)}>
              {w}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
