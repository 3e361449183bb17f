/**
 * The comments under a detail page (docs/decisions.md 557-563): loaded lazily by the notice, report and
 * resource pages (its own chunk, never in the home page's scripts). Anyone who may read the page sees
 * its shown comments, newest first, each with its replies; a signed-in reader writes a comment (1-1,000
 * characters), replies once, 点赞 (once, a second click takes it back), 举报 (after a confirmation),
 * and withdraws their own; their comments still under review are shown to them only, marked 审核中. A
 * signed-out reader gets 登录后评论, a link to the site's sign-in page and back. Comments are text:
 * addresses become links (`commentPieces`), nothing is ever rendered as HTML.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Pagination, Tag } from 'antd';
import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { COMMENT_MAX, COMMENT_PAGE_SIZE, commentPieces, type CommentTarget } from '@common/comments';
import type { Comment, CommentThread } from '@common/contracts/comments';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import { loginHref } from '@modules/kit/links';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import './comments.css';

/** What the comments are about, and where the page is (for the way back after signing in). */
export interface CommentsProps {
  applicationId: number;
  targetType: CommentTarget;
  targetId: string | number;
  path: string;
}

/** A comment's text as text nodes and links. */
function CommentText({ text }: { text: string }) {
  return (
    <div className="atr-comment__body">
      {commentPieces(text).map((p, i) =>
        'href' in p ? (
          <a key={i} href={p.href} target="_blank" rel="nofollow ugc noopener noreferrer">
            {p.href}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}

/** The form of a comment or a reply. */
function CommentForm(props: { placeholder: string; busy: boolean; onSend: (text: string) => Promise<unknown>; autoFocus?: boolean }) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  return (
    <div className="atr-comments__form">
      <Input.TextArea
        aria-label={props.placeholder}
        placeholder={props.placeholder}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={COMMENT_MAX}
        showCount
        autoFocus={props.autoFocus}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="atr-comments__form-actions">
        <Button
          type="primary"
          disabled={!trimmed}
          loading={props.busy}
          onClick={() =>
            void props.onSend(trimmed).then(
              () => setText(''),
              () => undefined,
            )
          }
        >
          {MSG.commentSubmit}
        </Button>
      </div>
    </div>
  );
}

/** See the file comment. */
export default function CommentsSection({ applicationId, targetType, targetId, path }: CommentsProps) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const key = ['comments', applicationId, targetType, String(targetId)];
  const list = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) =>
      api.get('/api/v1/comments', { query: { applicationId, targetType, targetId: String(targetId), page, size: COMMENT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const fail = (e: unknown) => void message.error(errorMessage(e));

  const send = useMutation({
    mutationFn: (v: { body: string; parentId: number | null }) =>
      api.post('/api/v1/comments', {
        body: { applicationId, targetType, targetId: String(targetId), body: v.body, ...(v.parentId ? { parentId: v.parentId } : {}) },
      }),
    onSuccess: (r) => {
      void message.success(r.message);
      setReplyTo(null);
      void refresh();
    },
    onError: fail,
  });
  const like = useMutation({
    mutationFn: (id: number) => api.post('/api/v1/comments/{id}/like', { params: { id } }),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  const report = (c: Comment) =>
    modal.confirm({
      title: MSG.commentReport,
      content: c.body.length > 60 ? `${c.body.slice(0, 60)}…` : c.body,
      okText: MSG.commentReport,
      okButtonProps: { danger: true },
      onOk: () =>
        api.post('/api/v1/comments/{id}/report', { params: { id: c.id }, body: { reason: '' } }).then(
          (r) => void message.success(r.message),
          (e: unknown) => fail(e),
        ),
    });
  const withdraw = (c: Comment) =>
    modal.confirm({
      title: MSG.commentWithdraw,
      content: c.body.length > 60 ? `${c.body.slice(0, 60)}…` : c.body,
      okText: MSG.commentWithdraw,
      onOk: () =>
        api.delete('/api/v1/comments/{id}', { params: { id: c.id } }).then(
          (r) => {
            void message.success(r.message);
            void refresh();
          },
          (e: unknown) => fail(e),
        ),
    });

  const data = list.data;
  if (list.isError || (data && !data.open && data.totalElements === 0)) return null;
  const signedIn = !!data?.signedIn;

  const one = (c: Comment, thread?: CommentThread) => (
    <div className="atr-comment" key={c.id} data-comment-id={c.id}>
      <div className="atr-comment__head">
        <span className="atr-comment__author">{c.authorName}</span>
        <time dateTime={c.createdAt}>{formatLocal(new Date(c.createdAt), DAY_MINUTE)}</time>
        {c.pending && <Tag color="orange">{MSG.commentPending}</Tag>}
      </div>
      <CommentText text={c.body} />
      <div className="atr-comment__actions">
        {!c.pending && (
          <Button
            type="text"
            size="small"
            aria-pressed={c.liked}
            aria-label={`${MSG.commentLike} ${c.likes}`}
            icon={c.liked ? <LikeFilled /> : <LikeOutlined />}
            disabled={!signedIn}
            onClick={() => like.mutate(c.id)}
          >
            {c.likes || MSG.commentLike}
          </Button>
        )}
        {signedIn && thread && !c.pending && data?.open && (
          <Button type="text" size="small" onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}>
            {MSG.commentReply}
          </Button>
        )}
        {signedIn && !c.mine && !c.pending && (
          <Button type="text" size="small" onClick={() => report(c)}>
            {MSG.commentReport}
          </Button>
        )}
        {c.mine && (
          <Button type="text" size="small" onClick={() => withdraw(c)}>
            {MSG.commentWithdraw}
          </Button>
        )}
      </div>
      {thread && replyTo === c.id && (
        <CommentForm
          autoFocus
          placeholder={fillMsg(MSG.commentReplyTo, { name: c.authorName })}
          busy={send.isPending}
          onSend={(body) => send.mutateAsync({ body, parentId: c.id })}
        />
      )}
      {thread && thread.replies.length > 0 && <div className="atr-comment__replies">{thread.replies.map((r) => one(r))}</div>}
    </div>
  );

  return (
    <section className="atr-comments" aria-labelledby="atr-comments-title">
      <h2 id="atr-comments-title" className="atr-comments__title">
        {MSG.commentsTitle}
        {data ? <span className="atr-comments__count">{data.totalElements}</span> : null}
      </h2>
      {data?.open &&
        (signedIn ? (
          <CommentForm
            placeholder={MSG.commentPlaceholder}
            busy={send.isPending && replyTo === null}
            onSend={(body) => send.mutateAsync({ body, parentId: null })}
          />
        ) : (
          <div className="atr-comments__signin">
            <a href={loginHref(path)}>{MSG.commentSignIn}</a>
          </div>
        ))}
      {data && data.content.length === 0 ? <p className="atr-comments__empty">{MSG.commentsEmpty}</p> : null}
      {data?.content.map((t) => one(t, t))}
      {data && data.totalElements > COMMENT_PAGE_SIZE && (
        <Pagination
          className="atr-comments__pages"
          size="small"
          current={page}
          pageSize={COMMENT_PAGE_SIZE}
          total={data.totalElements}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </section>
  );
}
