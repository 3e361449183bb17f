/**
 * 我的检索 on /exploreV3 (issue 31 §2; decisions 684-685): for a signed-in reader, 保存检索 (a name and
 * 每日提醒 of new results by 站内信 and e-mail) for the search shown, the saved searches (each a link to
 * its search, its 每日提醒 switch, 删除) and the search history (the newest 20, each a link, 清空历史).
 * A signed-out visitor sees a line leading to the sign-in page. Rendered once the page has hydrated
 * (the session is the browser's).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Modal, Tabs } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { querySummary } from '@common/advancedSearch';
import { loginHref } from '@modules/kit/links';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';

/** The dialog of 保存检索: its name (the search's summary to start with) and 每日提醒. */
function SaveDialog({ open, query, onClose, onSave }: { open: boolean; query: string; onClose(): void; onSave(name: string, notify: boolean): Promise<void> }) {
  const [name, setName] = useState(() => querySummary(query).slice(0, 60));
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={MSG.savedSearchSave}
      okText={MSG.savedSearchSave}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await onSave(name, notify);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <label className="atr-advanced__save-field">
        {MSG.savedSearchName}
        <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} aria-label={MSG.savedSearchName} />
      </label>
      <Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)}>
        {MSG.savedSearchNotify}
      </Checkbox>
    </Modal>
  );
}

/** See the file comment. `query`: the canonical query of the search shown ('' for none). */
export default function MySearches({ applicationId, query }: { applicationId: number; query: string }) {
  const session = useSession();
  const user = session.data;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const savedKey = ['saved-searches', user?.id, applicationId];
  const saved = useQuery({
    enabled: !!user,
    queryKey: savedKey,
    queryFn: ({ signal }) => api.get('/api/v1/search/saved', { query: { applicationId }, signal }),
  });
  // the history is noted by the search itself: asked again for each search shown
  const history = useQuery({
    enabled: !!user,
    queryKey: ['search-history', user?.id, applicationId, query],
    queryFn: ({ signal }) => api.get('/api/v1/search/history', { query: { applicationId }, signal }),
  });
  if (session.isPending) return null;
  if (!user)
    return (
      // on the card's white: a link on the page's grey was below AA's contrast (axe)
      <section className="atr-vcard atr-advanced__mine" aria-label={MSG.savedSearchMine}>
        <h2>{MSG.savedSearchMine}</h2>
        <p className="atr-advanced__signin">
          <a href={loginHref(`/exploreV3${query ? `?${query}` : ''}`)}>{MSG.savedSearchSignIn}</a>
        </p>
      </section>
    );
  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      void message.success((await run()).message);
      await qc.invalidateQueries({ queryKey: savedKey });
      return true;
    } catch (e) {
      void message.error(errorMessage(e));
      return false;
    }
  };
  const items = saved.data?.items ?? [];
  const past = history.data?.items ?? [];
  return (
    <section className="atr-vcard atr-advanced__mine" aria-label={MSG.savedSearchMine}>
      <div className="atr-advanced__years-head">
        <h2>{MSG.savedSearchMine}</h2>
        {query && (
          <Button size="small" type="primary" ghost onClick={() => setSaving(true)}>
            {MSG.savedSearchSave}
          </Button>
        )}
      </div>
      {saving && (
        <SaveDialog
          open
          query={query}
          onClose={() => setSaving(false)}
          onSave={async (name, notify) => {
            if (await act(() => api.post('/api/v1/search/saved', { body: { applicationId, name, query, notify } }))) setSaving(false);
          }}
        />
      )}
      <Tabs
        size="small"
        items={[
          {
            key: 'saved',
            label: MSG.savedSearchSavedTab,
            children: items.length ? (
              <ul className="atr-advanced__list">
                {items.map((s) => (
                  <li key={s.id} data-testid="saved-search">
                    <Link to={`/exploreV3?${s.query}`}>{s.name}</Link>
                    <div className="atr-advanced__list-meta">{s.summary}</div>
                    <div className="atr-advanced__list-actions">
                      <Checkbox
                        checked={s.notify}
                        onChange={(e) => void act(() => api.put('/api/v1/search/saved/{id}', { params: { id: s.id }, body: { notify: e.target.checked } }))}
                      >
                        {MSG.savedSearchNotifyOn}
                      </Checkbox>
                      <button
                        type="button"
                        className="atr-btn atr-btn--link atr-btn--small"
                        onClick={() => void act(() => api.delete('/api/v1/search/saved/{id}', { params: { id: s.id } }))}
                      >
                        {MSG.pageDelete}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="atr-facet__hint">{MSG.savedSearchNone}</p>
            ),
          },
          {
            key: 'history',
            label: MSG.savedSearchHistoryTab,
            children: past.length ? (
              <>
                <ul className="atr-advanced__list">
                  {past.map((h) => (
                    <li key={h.id} data-testid="search-history">
                      <Link to={`/exploreV3?${h.query}`}>{h.summary}</Link>
                      <div className="atr-advanced__list-meta">{fillMsg(MSG.savedSearchTotal, { n: h.total.toLocaleString('zh-CN') })}</div>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="atr-btn atr-btn--link atr-btn--small"
                  onClick={() =>
                    void act(async () => {
                      const r = await api.delete('/api/v1/search/history', { query: { applicationId } });
                      await qc.invalidateQueries({ queryKey: ['search-history', user.id, applicationId] });
                      return r;
                    })
                  }
                >
                  {MSG.savedSearchHistoryClear}
                </button>
              </>
            ) : (
              <p className="atr-facet__hint">{MSG.savedSearchHistoryNone}</p>
            ),
          },
        ]}
      />
    </section>
  );
}
