/**
 * The visitor's news panel (spec 1 §3 'News module', §4; spec 2 §9 'Item counts'): with display type
 * carousel, an image carousel of the 'carousel' read's items (cover, else the module's specific cover,
 * else a placeholder; title over the image) advancing every CAROUSEL_INTERVAL_MS; with display type
 * data, the 'data' read as a list of titles and dates, newest first (relative dates when
 * simpleDateFormat is on). Both: carousel beside the list on wide spans, above it on narrow ones.
 */
import { UiCarousel } from '../kit/ui';
import { CAROUSEL_INTERVAL_MS } from '../../common/constants.js';
import type { PanelProps } from '../types.app.js';
import { isSingleColumn } from '../rules.js';
import { newsDefinition, type NewsModule } from './definition.js';
import { formatDate, idOf, newestFirst, pageItems, relativeDate, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { PlainList } from '../kit/ItemList';
import { ListSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The news panel; props are PanelProps (modules/types.app.ts). */
export default function NewsPanel({ module, data, loading, error, editable, site }: PanelProps<NewsModule>) {
  const dt = Array.isArray(module.displayType) && module.displayType.length ? module.displayType : ['carousel', 'data'];
  const showCarousel = dt.includes('carousel');
  const showData = dt.includes('data');
  const narrow = isSingleColumn(module.span);
  const slides = pageItems(data.carousel).slice(0, module.carouselCount ?? 4);
  const list = newestFirst(pageItems(data.data));
  const empty = (!showCarousel || slides.length === 0) && (!showData || list.length === 0);
  const layout = showCarousel && showData ? (narrow ? 'stack' : 'side') : showCarousel ? 'carousel' : 'data';
  const dateOf = (it: PanelItem) => (module.simpleDateFormat ? relativeDate(it.date) : formatDate(it.date));

  return (
    <PanelShell module={module} site={site} more={moreLinkOf(newsDefinition, module, site)} className="atr-p--news">
      <PanelStatus
        loading={loading}
        error={error}
        empty={empty}
        editable={editable}
        hint={<TopicHint site={site} type="news" />}
        skeleton={<ListSkeleton rows={narrow ? 6 : 7} />}
      >
        <div className={`atr-p-news atr-p-news--${layout}`}>
          {showCarousel && slides.length > 0 && (
            <div className="atr-p-news__carousel">
              <div className="atr-p-fill">
                <UiCarousel autoplay interval={CAROUSEL_INTERVAL_MS} arrows dots>
                  {slides.map((it, i) => {
                    const id = idOf(it);
                    const title = titleOf(it);
                    const inner = (
                      <>
                        <Thumb src={text(it.cover) || module.specificCover} label={title} className="atr-p-slide__media" priority={i === 0} />
                        <span className="atr-p-slide__caption">
                          <span className="atr-p-slide__title">{title}</span>
                        </span>
                      </>
                    );
                    return (
                      <div key={id || i} className="atr-p-slide-wrap">
                        {id ? (
                          <PanelLink to={resourceHref('news', id)} module={module} site={site} className="atr-p-slide" title={title}>
                            {inner}
                          </PanelLink>
                        ) : (
                          <div className="atr-p-slide">{inner}</div>
                        )}
                      </div>
                    );
                  })}
                </UiCarousel>
              </div>
            </div>
          )}
          {showData && list.length > 0 && (
            <div className="atr-p-news__list">
              <PlainList
                module={module}
                site={site}
                twoColumns={layout === 'data' && !narrow}
                dense={layout === 'side'}
                entries={list.map((it, i) => {
                  const id = idOf(it);
                  return { key: id || `i${i}`, href: id ? resourceHref('news', id) : null, title: titleOf(it), date: dateOf(it) };
                })}
              />
            </div>
          )}
        </div>
      </PanelStatus>
    </PanelShell>
  );
}
