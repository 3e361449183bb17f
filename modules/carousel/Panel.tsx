/**
 * The visitor's carousel (spec 1 §3 'Carousel item', §4 'Carousel'; spec 2 §9 'Timing', 'Heights'): the
 * module's picture and video items, advancing every CAROUSEL_INTERVAL_MS, pausing on hover, looping;
 * arrows and indicators only with more than one item. A picture fills the frame (object-fit cover) with
 * its title and description over it and links to its redirectUri when set (another site in a new tab);
 * a video plays muted. Height from the definition: 160 by default, the custom height, or (0) nearly
 * the whole viewport in fullScreen mode. No title bar: a carousel is a banner.
 */
import type { CSSProperties } from 'react';
import { UiCarousel } from '../kit/ui';
import { CAROUSEL_INTERVAL_MS } from '../../common/constants.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { carouselDefinition, CAROUSEL_DEFAULT_HEIGHT, type CarouselModule } from './definition.js';
import { text, type PanelItem } from '../kit/format';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { PanelEmpty } from '../kit/PanelShell';
import { FULLSCREEN_FRAME_HEIGHT } from '../kit/heights';
import '../kit/panel.css';

/** Height of the frame: the definition's px, or the viewport (less the site header) when it says 0. */
function frameHeight(module: CarouselModule, groupTemplate: boolean): CSSProperties['height'] {
  let h: number | 'auto' = CAROUSEL_DEFAULT_HEIGHT;
  try {
    h = carouselDefinition.height(module, { groupTemplate });
  } catch {
    /* a broken config keeps the default */
  }
  if (h === 0) return FULLSCREEN_FRAME_HEIGHT;
  return typeof h === 'number' ? h : CAROUSEL_DEFAULT_HEIGHT;
}

/** One slide: the media and the caption, linked when the item has a redirectUri. */
function Slide({ it, module, site, first }: { it: PanelItem; module: ModuleConfig; site: SiteContext; first: boolean }) {
  const title = text(it.title);
  const description = text(it.description);
  const url = text(it.url);
  const redirect = text(it.redirectUri);
  const media =
    it.dataType === 'video' ? (
      <video
        className="atr-p-slide__media atr-p-slide__video"
        src={url || undefined}
        muted
        autoPlay
        loop
        playsInline
        preload="metadata"
        aria-label={title || undefined}
      />
    ) : (
      <Thumb src={url} label={title || module.alias || '轮播图'} className="atr-p-slide__media" priority={first} />
    );
  const body = (
    <>
      {media}
      {(title || description) && (
        <span className="atr-p-slide__caption atr-p-slide__caption--banner">
          {title && <span className="atr-p-slide__title">{title}</span>}
          {description && <span className="atr-p-slide__desc">{description}</span>}
        </span>
      )}
    </>
  );
  return redirect ? (
    <PanelLink to={redirect} module={module} site={site} className="atr-p-slide" title={title || undefined}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-slide">{body}</div>
  );
}

/** The carousel panel; props are PanelProps (modules/types.app.ts). */
export default function CarouselPanel({ module, editable, site }: PanelProps<CarouselModule>) {
  const items = (Array.isArray(module.items) ? module.items : []).filter((x): x is CarouselModule['items'][number] => !!x && typeof x === 'object');
  const full = module.mode === 'fullScreen';
  const height = frameHeight(module, site.groupTemplate);
  const many = items.length > 1;
  return (
    <section className={`atr-p-banner${full ? ' atr-p-banner--full' : ''}`} style={{ height }} aria-label={module.alias}>
      {items.length === 0 ? (
        <PanelEmpty editable={editable} hint="请编辑模块，添加图片或视频" />
      ) : (
        <div className="atr-p-fill">
          <UiCarousel autoplay={many} interval={CAROUSEL_INTERVAL_MS} arrows dots>
            {items.map((it, i) => (
              <div key={String(it.id ?? i)} className="atr-p-slide-wrap">
                <Slide it={it as PanelItem} module={module} site={site} first={i === 0} />
              </div>
            ))}
          </UiCarousel>
        </div>
      )}
    </section>
  );
}
