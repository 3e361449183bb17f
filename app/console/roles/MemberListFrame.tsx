/**
 * The frame shared by /console/managers and /console/users (spec 1 §2): the page title, the application
 * picker and the page's buttons, then one paged table of the chosen application's people, whose empty
 * state shows the load error when the list could not be read.
 */
import type { ReactNode } from 'react';
import { Empty, Space, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { CONSOLE_PAGE_SIZE } from '@common/constants';
import type { Page } from '@common/page';
import { errorMessage } from '../../api';
import { ApplicationPicker, type useApplicationChoice } from './ApplicationPicker';
import '../console.css';
import { PageHead } from '../PageHead';

/** Props of {@link MemberListFrame}: `page` is 1-based, `list` the query of that page. */
export interface MemberListFrameProps<T> {
  title: string;
  choice: ReturnType<typeof useApplicationChoice>;
  /** buttons and inputs after the picker */
  actions: ReactNode;
  list: UseQueryResult<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** what the empty table says when the list loaded */
  emptyText: string;
  page: number;
  onPage(page: number): void;
  /** the page's dialogs */
  children?: ReactNode;
}

/** The page head and the paged table; see the file comment. */
export function MemberListFrame<T extends object>({
  title,
  choice,
  actions,
  list,
  columns,
  rowKey,
  emptyText,
  page,
  onPage,
  children,
}: MemberListFrameProps<T>) {
  return (
    <div className="atr-console__page">
      <PageHead title={title}>
        <Space wrap>
          <ApplicationPicker choice={choice} />
          {actions}
        </Space>
      </PageHead>
      <div className="atr-panel-card">
        <Table<T>
          rowKey={rowKey}
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : emptyText} /> }}
          pagination={{ current: page, pageSize: CONSOLE_PAGE_SIZE, total: list.data?.totalElements ?? 0, onChange: onPage, showSizeChanger: false }}
        />
      </div>
      {children}
    </div>
  );
}
