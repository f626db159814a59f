import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMENT_CONTENT_MAX, DELETED_COMMENT_TEXT, type CommentDto, type CommentSort, formatNumberVN } from '@nhasach/shared';
import { MessageCircleIcon, ReplyIcon, ThumbsUpIcon } from 'lucide-react';
import { deleteComment, editComment, engagementKeys, fetchComments, postComment, setCommentLike } from '../../../api/engagement.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { formatDateTime } from '../../../lib/books.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { Avatar } from './Avatar.tsx';
import { FeedHeader, FeedList, LoginPrompt } from './FeedParts.tsx';
import { useLoginGate } from './useLoginGate.tsx';

const SORT_LABELS: Record<CommentSort, string> = { new: 'Mới nhất', old: 'Cũ nhất', top: 'Nổi bật' };

/** The 'Bình luận' tab (spec sections 2, 4, 5, 8): comments with one level of replies, likes, edit and delete. */
export function CommentsPanel({ bookId }: { bookId: number }) {
  const { user } = useAuth();
  const userKey = user ? String(user.id) : 'guest';
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<CommentSort>('new');
  const qc = useQueryClient();
  const comments = useQuery({
    queryKey: engagementKeys.comments(bookId, page, sort, userKey),
    queryFn: ({ signal }) => fetchComments(bookId, page, sort, signal),
    placeholderData: keepPreviousData,
  });
  const reload = () => qc.invalidateQueries({ queryKey: engagementKeys.commentsOf(bookId) });

  return (
    <div className="space-y-5">
      {user ? (
        <CommentForm
          placeholder="Chia sẻ suy nghĩ của bạn về cuốn sách…"
          submitLabel="Gửi bình luận"
          label="Viết bình luận"
          onSubmit={async (content) => {
            await postComment(bookId, { content });
            if (page !== 0 || sort !== 'new') {
              setSort('new');
              setPage(0);
            }
            await reload();
          }}
          errorText="Không gửi được bình luận"
          resetOnSuccess
        />
      ) : (
        <LoginPrompt text="Đăng nhập để tham gia bình luận." />
      )}

      <FeedHeader
        title={`Bình luận${comments.data ? ` (${formatNumberVN(comments.data.totalElements)})` : ''}`}
        sort={sort}
        labels={SORT_LABELS}
        onChange={(s) => {
          setSort(s);
          setPage(0);
        }}
      />

      <FeedList
        query={comments}
        skeletonClass="h-20 w-full rounded-xl"
        errorMessage="Không tải được bình luận"
        empty={{ icon: <MessageCircleIcon size={26} />, title: 'Chưa có bình luận.', description: 'Hãy là người đầu tiên bình luận về cuốn sách này.' }}
        listClass="space-y-3"
        listLabel="Danh sách bình luận"
        testId="comment-list"
        pageLabel="Trang bình luận"
        onPage={setPage}
      >
        {(c) => <CommentItem key={c.id} comment={c} bookId={bookId} onChanged={reload} />}
      </FeedList>
    </div>
  );
}

function CommentForm({
  initial = '',
  placeholder,
  submitLabel,
  label,
  onSubmit,
  onCancel,
  errorText,
  resetOnSuccess = false,
  autoFocus = false,
}: {
  initial?: string;
  placeholder: string;
  submitLabel: string;
  label: string;
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
  errorText: string;
  resetOnSuccess?: boolean;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState(initial);
  const id = useId();
  const trimmed = content.trim();
  const send = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => {
      if (resetOnSuccess) setContent('');
    },
  });
  const busy = send.isPending;
  const error = send.isError ? errorText : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: content trimmed and non-empty.
    if (trimmed && !busy) send.mutate(trimmed);
  };
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={COMMENT_CONTENT_MAX}
        rows={3}
        // The reply and edit boxes open where the user clicked; focusing them is what they expect.
        autoFocus={autoFocus}
        placeholder={placeholder}
        className="w-full resize-y rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm outline-none placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={busy}>
            Hủy
          </Button>
        )}
        <Button type="submit" size="sm" busy={busy} disabled={!trimmed}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, bookId, onChanged, isReply = false }: { comment: CommentDto; bookId: number; onChanged: () => Promise<void>; isReply?: boolean }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'confirm-delete'>('view');
  // Optimistic like state; null = take the server's.
  const [like, setLike] = useState<{ liked: boolean; count: number } | null>(null);
  const { gate, dialog } = useLoginGate('Đăng nhập để thích và trả lời bình luận.');
  const toast = useToast();
  const liked = like?.liked ?? comment.likedByMe;
  const likeCount = like?.count ?? comment.likeCount;

  const likeWrite = useMutation({
    mutationFn: (next: { liked: boolean; count: number }) => setCommentLike(comment.id, next.liked),
    // Shown at once; the server's answer then, or (spec section 4) the state before on failure.
    onMutate: (next) => {
      const before = { liked, count: likeCount };
      setLike(next);
      return before;
    },
    onSuccess: (res) => setLike({ liked: res.liked, count: res.likeCount }),
    onError: (_err, _next, before) => {
      setLike(before ?? null);
      toast.show('Không cập nhật được lượt thích', { tone: 'error', durationMs: 2500 });
    },
  });
  const toggleLike = () => gate(() => likeWrite.mutate({ liked: !liked, count: Math.max(0, likeCount + (liked ? -1 : 1)) }));

  const remove = useMutation({
    mutationFn: async () => {
      await deleteComment(comment.id);
      await onChanged();
    },
    onError: () => setMode('view'),
  });
  const deleting = remove.isPending;
  const deleteError = remove.isError ? 'Không xóa được bình luận' : undefined;

  return (
    <li className={isReply ? 'flex gap-2.5' : 'flex gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200/70'} data-testid="comment-item">
      <Avatar name={comment.deleted ? '?' : comment.userName} size={isReply ? 'sm' : 'md'} />
      <div className="min-w-0 flex-1">
        {comment.deleted ? (
          <p className="py-1 text-sm text-gray-500 italic">{DELETED_COMMENT_TEXT}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="text-sm font-semibold text-gray-900">{comment.userName}</span>
              {comment.isMine && <Badge tone="success">Của bạn</Badge>}
              <span className="text-xs text-gray-500">{formatDateTime(comment.createdAt)}</span>
              {comment.edited && <span className="text-xs text-gray-500">(đã chỉnh sửa)</span>}
            </div>
            {mode === 'edit' ? (
              <div className="mt-2">
                <CommentForm
                  initial={comment.content}
                  placeholder="Nội dung bình luận"
                  submitLabel="Lưu"
                  label="Sửa bình luận"
                  autoFocus
                  errorText="Không lưu được chỉnh sửa"
                  onCancel={() => setMode('view')}
                  onSubmit={async (content) => {
                    await editComment(comment.id, content);
                    await onChanged();
                    setMode('view');
                  }}
                />
              </div>
            ) : (
              // Comments are plain text: never HTML.
              <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-gray-700" data-testid="comment-content">
                {comment.content}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs font-semibold text-gray-500">
              <button
                type="button"
                onClick={toggleLike}
                aria-pressed={liked}
                aria-label={`${liked ? 'Bỏ thích' : 'Thích'} bình luận của ${comment.userName}`}
                className={`inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 ${liked ? 'text-brand-700' : ''}`}
              >
                <ThumbsUpIcon size={14} fill={liked ? 'currentColor' : 'none'} /> {likeCount > 0 ? likeCount : ''} Thích
              </button>
              {!isReply && (
                <button type="button" onClick={() => gate(() => setMode('reply'))} className="inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                  <ReplyIcon size={14} /> Trả lời
                </button>
              )}
              {comment.isMine && mode !== 'edit' && (
                <>
                  <button type="button" onClick={() => setMode('edit')} className="rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                    Sửa
                  </button>
                  {mode === 'confirm-delete' ? (
                    <span className="inline-flex items-center gap-2">
                      <span className="font-normal text-gray-600">Xóa bình luận này?</span>
                      <button type="button" onClick={() => remove.mutate()} disabled={deleting} className="rounded text-red-700 hover:underline">
                        Xóa
                      </button>
                      <button type="button" onClick={() => setMode('view')} className="rounded hover:underline">
                        Hủy
                      </button>
                    </span>
                  ) : (
                    <button type="button" onClick={() => setMode('confirm-delete')} className="rounded hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                      Xóa
                    </button>
                  )}
                </>
              )}
            </div>
            {deleteError && <Alert className="mt-2">{deleteError}</Alert>}
          </>
        )}

        {mode === 'reply' && (
          <div className="mt-3">
            <CommentForm
              placeholder={`Trả lời ${comment.userName}…`}
              submitLabel="Gửi trả lời"
              label="Trả lời bình luận"
              autoFocus
              errorText="Không gửi được bình luận"
              onCancel={() => setMode('view')}
              onSubmit={async (content) => {
                await postComment(bookId, { content, parentId: comment.id });
                await onChanged();
                setMode('view');
              }}
            />
          </div>
        )}

        {comment.children.length > 0 && (
          <ul className="mt-3 space-y-3 border-l-2 border-gray-100 pl-3 sm:pl-4" aria-label={`Trả lời bình luận của ${comment.userName}`}>
            {comment.children.map((r) => (
              <CommentItem key={r.id} comment={r} bookId={bookId} onChanged={onChanged} isReply />
            ))}
          </ul>
        )}
      </div>
      {dialog}
    </li>
  );
}
