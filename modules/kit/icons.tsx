/**
 * The icons of the visitor's home page (decision 254): antd's icon drawings (`@ant-design/icons-svg`,
 * plain data) drawn by a small component of ours instead of `@ant-design/icons`, whose runtime inserts
 * its own styles. Same names as antd's icons; each is a `<span class="atr-icon">` holding a 1em SVG
 * in the current text colour, hidden from assistive technology (the text beside it names the action).
 */
import type { CSSProperties, ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import AppstoreSvg from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import CalendarSvg from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import DeleteSvg from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import DownSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import EditSvg from '@ant-design/icons-svg/es/asn/EditOutlined';
import EnvironmentSvg from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import LinkSvg from '@ant-design/icons-svg/es/asn/LinkOutlined';
import LockSvg from '@ant-design/icons-svg/es/asn/LockOutlined';
import PlusSvg from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ProjectSvg from '@ant-design/icons-svg/es/asn/ProjectOutlined';
import ReadSvg from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RightSvg from '@ant-design/icons-svg/es/asn/RightOutlined';
import SearchSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import TeamSvg from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UnorderedListSvg from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import UserSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import WarningSvg from '@ant-design/icons-svg/es/asn/WarningOutlined';

export interface IconProps {
  className?: string;
  style?: CSSProperties;
}

/** One node of an icon drawing as React elements (the drawings hold svg and path nodes only). */
function draw(node: AbstractNode, key: number | string): ReactElement {
  const { tag, attrs, children } = node;
  const Tag = tag as 'svg';
  return (
    <Tag key={key} {...attrs}>
      {children?.map((c, i) => draw(c, i))}
    </Tag>
  );
}

/** The component of one outlined icon drawing. */
function icon(def: IconDefinition) {
  const node = typeof def.icon === 'function' ? def.icon('currentColor', 'currentColor') : def.icon;
  function Icon({ className, style }: IconProps) {
    return (
      <span className={`atr-icon${className ? ` ${className}` : ''}`} style={style} aria-hidden>
        <svg viewBox={node.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
          {node.children?.map((c, i) => draw(c, i))}
        </svg>
      </span>
    );
  }
  return Icon;
}

export const AppstoreOutlined = icon(AppstoreSvg);
export const CalendarOutlined = icon(CalendarSvg);
export const DeleteOutlined = icon(DeleteSvg);
export const DownOutlined = icon(DownSvg);
export const EditOutlined = icon(EditSvg);
export const EnvironmentOutlined = icon(EnvironmentSvg);
export const LinkOutlined = icon(LinkSvg);
export const LockOutlined = icon(LockSvg);
export const PlusOutlined = icon(PlusSvg);
export const ProjectOutlined = icon(ProjectSvg);
export const ReadOutlined = icon(ReadSvg);
export const RightOutlined = icon(RightSvg);
export const SearchOutlined = icon(SearchSvg);
export const TeamOutlined = icon(TeamSvg);
export const UnorderedListOutlined = icon(UnorderedListSvg);
export const UserOutlined = icon(UserSvg);
export const WarningOutlined = icon(WarningSvg);
