/**
 * 我的咨询 (issue 29 item 4; docs/decisions.md 590-599): the signed-in reader's reference questions to
 * this site, newest first, each with its state, the question (as text), its attachments and the thread
 * (staff asks-back as text, answers as the server's sanitised HTML), and, while staff wait for more
 * (待补充), a form to supplement. No props: the site comes from the host's configuration and the reader
 * from the session, so the personal centre can mount it as it is. Renders nothing for a signed-out
 * visitor. Loads antd; part of whichever lazy chunk mounts it.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Tag } from 'antd';
import { MSG } from '@common/messages';
import { QUESTION_STATE_LABELS, QUESTION_TEXT_MAX, type QuestionState } from '@common/questions';
import type { MyQuestion, QuestionMessage } from '@common/contracts/questions';
import { formatDate } from '@modules/kit/format';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';
import { ViewableHtml } from '../../widgets/image/ViewableHtml';
import { useSiteConfig } from '../visitor/siteConfig';
import { ReaderList } from '../../shared/ReaderList';
import './questions.css';

const STATE_COLOURS: Record<QuestionState, string> = { unassigned: 'orange', processing: 'blue', needinfo: 'purple', answered: 'green', closed: 'default' };

/** The query key of the reader's questions to a site, for the ask form to refresh. */
export const myQuestionsKey = (userId: number, applicationId: number) => ['questions-mine', userId, applicationId];

/** See the file comment. */
export default function MyQuestionsSection() {
  const config = useSiteConfig().data;
  const session = useSession();
  const applicationId = config?.applicationId ?? 0;
  const userId = session.data?.id ?? 0;
  const list = useQuery({
    enabled: applicationId > 0 && userId > 0,
    queryKey: myQuestionsKey(userId, applicationId),
    queryFn: ({ signal }) => api.get('/api/v1/questions/mine', { query: { applicationId }, signal }),
  });
  if (!session.isPending && !session.data) return null;
  return (
    <ReaderList
      id="atr-my-questions"
      title={MSG.myQuestionsTitle}
      headingClassName="atr-questions__h2"
      listClassName="atr-questions__mine"
      list={list}
      empty={MSG.myQuestionsEmpty}
      render={(q) => <MyQuestionItem key={q.id} q={q} onChanged={() => void list.refetch()} />}
    />
  );
}

function Entry({ m }: { m: QuestionMessage }) {
  const who = m.kind === 'supplement' ? MSG.questionKindSupplementMine : m.kind === 'answer' ? MSG.questionKindAnswer : MSG.questionKindAskBack;
  return (
    <li className={`atr-questions__entry atr-questions__entry--${m.kind}`}>
      <div className="atr-questions__entry-head">
        <strong>{who}</strong>
        <span className="atr-questions__date">{formatDate(m.createdAt)}</span>
      </div>
      {m.kind === 'answer' ? <ViewableHtml html={m.body} className="atr-questions__answer" /> : <p className="atr-questions__text">{m.body}</p>}
    </li>
  );
}

function MyQuestionItem({ q, onChanged }: { q: MyQuestion; onChanged(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const r = await api.post('/api/v1/questions/mine/{id}/supplement', { params: { id: q.id }, body: { text } });
      void message.success(r.message);
      setText('');
      await qc.invalidateQueries({ queryKey: ['questions-mine'] });
      onChanged();
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="atr-questions__item" data-testid="my-question">
      <div className="atr-questions__item-head">
        <Tag color={STATE_COLOURS[q.state]}>{QUESTION_STATE_LABELS[q.state]}</Tag>
        <Tag>{q.discipline}</Tag>
        <span className="atr-questions__date">{formatDate(q.createdAt)}</span>
      </div>
      <h3 className="atr-questions__title">{q.title}</h3>
      <p className="atr-questions__text">{q.content}</p>
      {q.attachments.length > 0 && (
        <ul className="atr-questions__files" aria-label={MSG.questionAttachments}>
          {q.attachments.map((a) => (
            <li key={a.id}>
              <a href={a.url}>{a.name}</a>
            </li>
          ))}
        </ul>
      )}
      {q.messages.length > 0 && (
        <ol className="atr-questions__thread" aria-label={MSG.questionThread}>
          {q.messages.map((m) => (
            <Entry key={m.id} m={m} />
          ))}
        </ol>
      )}
      {q.state === 'needinfo' && (
        <div className="atr-questions__supplement">
          <Input.TextArea
            aria-label={MSG.questionSupplementLabel}
            rows={3}
            maxLength={QUESTION_TEXT_MAX}
            value={text}
            placeholder={MSG.questionSupplementPlaceholder}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void send()}>
            {MSG.questionSendSupplement}
          </Button>
        </div>
      )}
      {(q.state === 'unassigned' || q.state === 'processing') && <p className="atr-questions__waiting">{MSG.questionWaiting}</p>}
    </li>
  );
}
