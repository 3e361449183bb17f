/**
 * /container/{entry} (spec 1 §2 '/container/**', needs sign-in; docs/decisions.md 644-646): the 微应用
 * of the header-menu entry whose id is `entry`, in the site's header and footer, in a sandboxed iframe
 * (scripts, forms, pop-ups; never top navigation) sized to the viewport, with a link to open it in its
 * own window. An entry whose address is not of its allowed origin is refused with a message and
 * nothing is framed; the server's CSP frame-src lists only the site's allowed origins (server/web).
 * A signed-out visitor goes to the site's sign-in page, which comes back here. Its own lazy chunk.
 */
import { useParams } from 'react-router';
import { Alert, Button, Result } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { fillMsg, MSG } from '@common/messages';
import { microappAllowed, microappEntries, microappOriginOf } from '@common/siteConfig';
import type { AppConfig } from '../../boot';
import { readBoot } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { RequireLogin } from '../recommendation/shared';
import './container.css';

/** The iframe's sandbox: no allow-top-navigation (decision 646). */
export const MICROAPP_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads';

/** The page; see the file comment. */
export default function ContainerPage() {
  return (
    <VisitorFrame title={MSG.microappKindMicroapp}>
      {(config, site) => <RequireLogin site={site}>{() => <Container config={config} />}</RequireLogin>}
    </VisitorFrame>
  );
}

function Container({ config }: { config: AppConfig }) {
  const { entry = '' } = useParams();
  const item = microappEntries(config.headerConfig?.menu).find((m) => m.id === entry);
  if (!item) {
    return (
      <div className="atr-vcard">
        <Result status="404" title={MSG.microappNotFound} />
      </div>
    );
  }
  if (!microappAllowed(item)) {
    return (
      <div className="atr-vcard">
        <h1 className="atr-detail__title">{item.title}</h1>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={MSG.microappRefused}
          description={`${MSG.microappUrl}：${item.url}；${MSG.microappOrigin}：${item.origin ?? ''}`}
        />
      </div>
    );
  }
  // a micro-app on this very origin would undo the sandbox with allow-same-origin: framed without it
  const sameSite = microappOriginOf(item.url) === microappOriginOf(typeof window !== 'undefined' ? window.location.origin : `http://${readBoot().host}`);
  return (
    <section className="atr-microapp" aria-label={item.title}>
      <div className="atr-microapp__bar">
        <h1 className="atr-microapp__title">{item.title}</h1>
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          <Button icon={<ExportOutlined />}>{MSG.microappOpenNewWindow}</Button>
        </a>
      </div>
      <iframe
        className="atr-microapp__frame"
        src={item.url}
        title={fillMsg(MSG.microappFrameTitle, { name: item.title })}
        sandbox={sameSite ? MICROAPP_SANDBOX.replace(' allow-same-origin', '') : MICROAPP_SANDBOX}
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </section>
  );
}
