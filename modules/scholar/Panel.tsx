/**
 * The visitor's scholar panel (spec 1 §3 'Scholar'; spec 2 §9 'Item counts'): cards in two rows (8, 6, 4
 * or 2 by span) with the avatar (an initial-letter circle when missing), name and professional title,
 * institution, research field, academic title and research-output count, each linking to the profile
 * /microapp/profile/{id} (ScholarCards.tsx, which the scholars 'more' page shows too).
 */
import { scholarDefinition, type ScholarModule } from './definition.js';
import { ScholarCards } from './ScholarCards';
import { cardPanel } from '../kit/listPanel';

/** The scholar panel (a card panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const ScholarPanel = cardPanel<ScholarModule>({
  type: 'scholar',
  definition: scholarDefinition,
  cards: ({ items, module, site, columns }) => <ScholarCards items={items} module={module} site={site} columns={columns} />,
});
export default ScholarPanel;
