/**
 * /console/tools (docs/decisions.md 324): the tools of an application's topic (resources of
 * type tool: name, description, icon, link; read by the tool panel and /microapp/widget/tools through
 * GET /tools?appid=, published ones only), a section of topic resources (sections/TopicResourceSection.tsx):
 * the list (title search, published state; 20 a page; publish, withdraw, delete) and the editor at
 * /console/tools/new and /console/tools/{id}/edit.
 */
import { ToolOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { toolHref, TOOLS_HREF } from '@modules/kit/links';
import { cellOrDash, cellText, fieldLabel, TopicResourceSection, type SectionSpec } from '../sections/TopicResourceSection';
import { sectionLabels } from '../sections/labels';

const label = (name: string) => fieldLabel('tool', name);

const SPEC: SectionSpec = {
  type: 'tool',
  base: '/console/tools',
  icon: <ToolOutlined />,
  labels: sectionLabels(MSG.consoleToolsTitle, MSG.consoleToolsHint, '工具'),
  columns: () => [
    { title: label('description'), key: 'description', ellipsis: true, render: (_, r) => cellOrDash(r.fields.description) },
    {
      title: label('link'),
      key: 'link',
      width: 240,
      ellipsis: true,
      render: (_, r) => {
        const link = cellText(r.fields.link);
        return link ? (
          <a href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </a>
        ) : (
          <span className="atr-muted">—</span>
        );
      },
    },
  ],
  // a tool's own page when its link is one of the site's tools, else the tools list
  viewHref: (r) => {
    const to = toolHref(cellText(r.fields.link));
    return to && !to.newTab ? to.href : TOOLS_HREF;
  },
};

/** The tools section; see the file comment. */
export function ToolsPage() {
  return <TopicResourceSection spec={SPEC} />;
}
