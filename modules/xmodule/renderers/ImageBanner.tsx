/**
 * `image-banner`: one image (http(s) or a site path; anything else is not shown) of a given height,
 * linked when a link is set (another site in a new tab, through the sign-in guard). Params: image,
 * link, alt, height (60-600 px, default 160), fit (cover / contain).
 */
import { PanelLink } from '../../kit/PanelLink';
import { Thumb } from '../../kit/media';
import type { XRendererProps } from './types';
import { linkParam, numberParam, textParam } from './util';

/** See the file comment. */
export default function ImageBanner({ params, module, site }: XRendererProps) {
  const src = linkParam(params.image);
  if (!src) return null;
  const link = linkParam(params.link);
  const alt = textParam(params.alt) || module.alias || '图片';
  const height = numberParam(params.height, 160, 60, 600);
  const image = <Thumb src={src} label={alt} fit={params.fit === 'contain' ? 'contain' : 'cover'} className="atr-x-banner__img" style={{ height }} />;
  return (
    <div className="atr-x-banner">
      {link ? (
        <PanelLink to={link} module={module} site={site} title={alt}>
          {image}
        </PanelLink>
      ) : (
        image
      )}
    </div>
  );
}
