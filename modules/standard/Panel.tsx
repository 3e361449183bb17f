/**
 * The visitor's standard panel (spec 1 §3 'Listing items' Standard: article_date; spec 2 §9): the
 * topic's newest standards as a list, one column at spans 0-2 and two wider (8 or 16), each with its
 * number (standard_no) as a tag, a 废止 tag when withdrawn, the title linking to
 * /microapp/explore/resources/standard/{id} and the date (article_date, else the resource date).
 */
import { standardCount, standardDefinition, type StandardModule } from './definition.js';
import { formatDate, text, type PanelItem } from '../kit/format';
import type { ListEntry } from '../kit/ItemList';
import { EllipsisTag, listPanel } from '../kit/listPanel';

/** A standard's row: its number as a tag, 废止 (the status) when withdrawn, the date (article_date first). */
function standardRow(it: PanelItem): Partial<ListEntry> {
  const no = text(it.standard_no);
  const status = text(it.status);
  const withdrawn = /废止|作废/.test(status);
  const date = formatDate(it.article_date) || formatDate(it.date);
  if (!no && !withdrawn) return { date };
  return {
    date,
    tags: (
      <>
        {no && <EllipsisTag text={no} maxWidth="11em" />}
        {withdrawn && <span className="atr-p-tag atr-p-tag--pin">{status}</span>}
      </>
    ),
  };
}

/** The standard panel (a list panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const StandardPanel = listPanel<StandardModule>({ type: 'standard', definition: standardDefinition, count: standardCount, row: standardRow });
export default StandardPanel;
