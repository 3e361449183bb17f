/**
 * The visitor's scholar panel (spec 1 §3 'Scholar'; spec 2 §9 'Item counts'): cards in two rows (8, 6, 4
 * or 2 by span) with the avatar (an initial-letter circle when missing), name and professional title,
 * institution, research field, academic title and research-output count, each linking to the profile
 * /microapp/profile/{id} (ScholarCards.tsx, which the scholars 'more' page shows too).
 */
import type { PanelProps } from '../types.app.js';
import { cardCountBySpan } from '../rules.js';
import { scholarDefinition, type ScholarModule } from './definition.js';
import { cardColumns, pageItems } from '../kit/format';
import { ScholarCards } from './ScholarCards';
import { CardSkeleton, PanelShell, PanelStatus, TopicHint, moreLinkOf } from '../kit/PanelShell';

/** The scholar panel; props are PanelProps (modules/types.app.ts). */
export default function ScholarPanel({ module, data, loading, error, editable, site }: PanelProps<ScholarModule>) {
  const count = cardCountBySpan(module.span);
  const columns = cardColumns(count);
  const items = pageItems(data.scholar).slice(0, count);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(scholarDefinition, module, site)} className="atr-p--scholar">
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint={<TopicHint site={site} type="scholar" />}
        skeleton={<CardSkeleton count={count} columns={columns} />}
      >
        <ScholarCards items={items} module={module} site={site} columns={columns} />
      </PanelStatus>
    </PanelShell>
  );
}
