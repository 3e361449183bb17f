/**
 * The browser half of the module registry (DESIGN.md): each registered type's visitor Panel and editor
 * Form. Panels are in the visitor bundle; forms are lazy chunks loaded by the console editor only, so
 * the visitor's site never downloads them.
 */
import { lazy } from 'react';
import type { AppRegistry } from './types.app';
import ActivityPanel from './activity/Panel';
import CarouselPanel from './carousel/Panel';
import FlexPanel from './flex/Panel';
import FruitPanel from './fruit/Panel';
import InstitutionPanel from './institution/Panel';
import JournalPanel from './journal/Panel';
import LinkPanel from './link/Panel';
import NewsPanel from './news/Panel';
import NoticePanel from './notice/Panel';
import ScholarPanel from './scholar/Panel';

export const appRegistry: AppRegistry = {
  news: { Panel: NewsPanel, Form: lazy(() => import('./news/Form')) },
  notice: { Panel: NoticePanel, Form: lazy(() => import('./notice/Form')) },
  link: { Panel: LinkPanel, Form: lazy(() => import('./link/Form')) },
  scholar: { Panel: ScholarPanel, Form: lazy(() => import('./scholar/Form')) },
  institution: { Panel: InstitutionPanel, Form: lazy(() => import('./institution/Form')) },
  journal: { Panel: JournalPanel, Form: lazy(() => import('./journal/Form')) },
  activity: { Panel: ActivityPanel, Form: lazy(() => import('./activity/Form')) },
  fruit: { Panel: FruitPanel, Form: lazy(() => import('./fruit/Form')) },
  carousel: { Panel: CarouselPanel, Form: lazy(() => import('./carousel/Form')) },
  flex: { Panel: FlexPanel, Form: lazy(() => import('./flex/Form')) },
};
