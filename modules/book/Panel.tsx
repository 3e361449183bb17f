/**
 * The visitor's book panel (spec 1 §3 'Listing items' Book: id, title, cover, year, author; spec 2 §8
 * 'panel images fall back to placeholders (... book avatar ...)', §9 'Item counts'): cards in two rows
 * (8, 6, 4 or 2 by span) with the cover (a book-shaped placeholder with the title's initial when missing
 * or broken), the title, the author and the year with the publisher, each linking to
 * /microapp/explore/resources/book/{id}.
 */
import { UserOutlined } from '../kit/icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { bookDefinition, type BookModule } from './definition.js';
import { formatDate, idOf, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { cardPanel } from '../kit/listPanel';
import './book.css';

/** The year of a book: `year`, else the year of its date; '' when neither. */
function yearOf(it: PanelItem): string {
  const y = text(it.year);
  if (y) return y;
  return formatDate(it.date).slice(0, 4);
}

/** One book card. */
function BookCard({ it, module, site }: { it: PanelItem; module: ModuleConfig; site: SiteContext }) {
  const id = idOf(it);
  const title = titleOf(it);
  const author = text(it.author);
  const facts = [yearOf(it), text(it.publisher)].filter(Boolean).join(' · ');
  const body = (
    <>
      <Thumb src={it.cover} label={title} className="atr-p-book__cover" />
      <span className="atr-p-card__main">
        <span className="atr-p-card__title atr-p-book__title" title={title}>
          {title}
        </span>
        <span className="atr-p-card__line atr-p-muted">
          {author ? (
            <>
              <UserOutlined /> {author}
            </>
          ) : (
            '\u00a0'
          )}
        </span>
        <span className="atr-p-card__line atr-p-muted">{facts || '\u00a0'}</span>
      </span>
    </>
  );
  return id ? (
    <PanelLink to={resourceHref(text(it.type) || 'book', id)} module={module} site={site} className="atr-p-card atr-p-book" title={title}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-card atr-p-book">{body}</div>
  );
}

/** The book panel (a card panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const BookPanel = cardPanel<BookModule>({
  type: 'book',
  definition: bookDefinition,
  cards: ({ items, module, site, columns }) => (
    <div className="atr-p-grid" style={{ ['--atr-p-cols' as string]: columns }}>
      {items.map((it, i) => (
        <BookCard key={idOf(it) || i} it={it} module={module} site={site} />
      ))}
    </div>
  ),
});
export default BookPanel;
