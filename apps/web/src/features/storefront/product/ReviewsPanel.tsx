import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUYERS_ONLY_REVIEW_MESSAGE, RATING_SCORE_DEFAULT, RATING_SCORES, REVIEW_CONTENT_MAX, VERIFIED_PURCHASE_LABEL, clampRatingScore, type MyRatingDto, type RatingSummaryDto, type ReviewDto, type ReviewSort, formatNumberVN } from '@nhasach/shared';
import { PenIcon, ShieldCheckIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { deleteRating, engagementKeys, fetchMyRating, fetchRatingEligibility, fetchRatingSummary, fetchReviews, rateBook } from '../../../api/engagement.ts';
import { bookKeys } from '../../../api/catalog.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { StarInput, StarRating } from '../../../components/StarRating.tsx';
import { ErrorState, Skeleton } from '../../../components/ui/EmptyState.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { formatDate } from '../../../lib/books.ts';
import { widthClass } from '../../../lib/widthClass.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { Avatar } from './Avatar.tsx';
import { FeedHeader, FeedList, LoginPrompt } from './FeedParts.tsx';

const SORT_LABELS: Record<ReviewSort, string> = { new: 'Mới nhất', old: 'Cũ nhất', high: 'Điểm cao nhất', low: 'Điểm thấp nhất' };

/** The 'Đánh giá' tab (spec sections 2, 5, 8): summary, my rating form, reviews 5 a page. */
export function ReviewsPanel({ bookId }: { bookId: number }) {
  const { user } = useAuth();
  const userKey = user ? String(user.id) : 'guest';
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<ReviewSort>('new');
  const [editing, setEditing] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const qc = useQueryClient();

  const summary = useQuery({ queryKey: engagementKeys.summary(bookId), queryFn: ({ signal }) => fetchRatingSummary(bookId, signal) });
  const reviews = useQuery({
    queryKey: engagementKeys.reviews(bookId, page, sort),
    queryFn: ({ signal }) => fetchReviews(bookId, page, sort, signal),
    placeholderData: keepPreviousData,
  });
  const mine = useQuery({
    queryKey: engagementKeys.mine(bookId, userKey),
    queryFn: ({ signal }) => fetchMyRating(bookId, signal),
    enabled: !!user,
  });
  const eligibility = useQuery({
    queryKey: engagementKeys.eligibility(bookId, userKey),
    queryFn: ({ signal }) => fetchRatingEligibility(bookId, signal),
    enabled: !!user,
    staleTime: 60_000,
  });
  // A store that takes reviews from buyers only: others see why there is no form (the server refuses them anyway).
  const notABuyer = eligibility.data?.canReview === false;

  const refresh = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: engagementKeys.reviewsOf(bookId) }), qc.invalidateQueries({ queryKey: bookKeys.details })]);
  };

  const startEdit = () => {
    setEditing(true);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const remove = useMutation({
    mutationFn: (rating: Pick<MyRatingDto, 'id'>) => deleteRating(rating.id),
    // Spec section 8: review deletion errors are ignored; the lists are reloaded either way.
    onSettled: async () => {
      setEditing(false);
      await refresh();
    },
  });


  return (
    <div className="grid gap-6 lg:grid-cols-[300px_minmax(0,1fr)]">
      <div className="space-y-4">
        <SummaryCard summary={summary.data} loading={summary.isPending} failed={summary.isError} onRetry={() => void summary.refetch()} />
      </div>

      <div className="min-w-0 space-y-5">
        <div ref={formRef}>
          {!user ? (
            <LoginPrompt text="Đăng nhập để viết đánh giá về cuốn sách này." />
          ) : mine.isPending ? (
            <Skeleton className="h-32 w-full rounded-xl" />
          ) : mine.isError ? (
            <ErrorState message="Không tải được đánh giá của bạn" onRetry={() => void mine.refetch()} compact />
          ) : mine.data && !editing ? (
            <MyReview rating={mine.data} onEdit={startEdit} onDelete={() => remove.mutate(mine.data!)} />
          ) : notABuyer ? (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-sm text-gray-600" data-testid="buyers-only-note">
              {BUYERS_ONLY_REVIEW_MESSAGE}
            </p>
          ) : (
            <RatingForm
              bookId={bookId}
              existing={mine.data ?? null}
              onCancel={mine.data ? () => setEditing(false) : undefined}
              onSaved={async () => {
                setEditing(false);
                await refresh();
              }}
            />
          )}
        </div>

        <FeedHeader
          title="Nhận xét của khách hàng"
          sort={sort}
          labels={SORT_LABELS}
          onChange={(s) => {
            setSort(s);
            setPage(0);
          }}
        />

        <FeedList
          query={reviews}
          skeletonClass="h-24 w-full rounded-xl"
          errorMessage="Không tải được đánh giá"
          empty={{ icon: <StarIcon size={26} />, title: 'Chưa có đánh giá.', description: 'Hãy là người đầu tiên chia sẻ cảm nhận về cuốn sách này.' }}
          listClass="divide-y divide-gray-100 rounded-xl ring-1 ring-gray-200/70"
          listLabel="Danh sách đánh giá"
          testId="review-list"
          pageLabel="Trang đánh giá"
          onPage={setPage}
        >
          {(r) => <ReviewItem key={r.id} review={r} own={!!user && String(r.userId) === String(user.id)} onEdit={startEdit} onDelete={() => remove.mutate(r)} />}
        </FeedList>
      </div>
    </div>
  );
}

function SummaryCard({ summary, loading, failed, onRetry }: { summary?: RatingSummaryDto; loading: boolean; failed: boolean; onRetry: () => void }) {
  if (loading) return <Skeleton className="h-56 w-full rounded-xl" />;
  if (failed || !summary) return <ErrorState message="Không tải được tóm tắt đánh giá" onRetry={onRetry} compact />;
  return (
    <div className="rounded-xl bg-gray-50 p-5 ring-1 ring-gray-100" data-testid="rating-summary">
      <div className="flex items-end gap-2">
        <span className="text-5xl font-extrabold text-gray-900">{formatNumberVN(summary.average, 1, 1)}</span>
        <span className="pb-1.5 text-lg font-semibold text-gray-500">/5</span>
      </div>
      <StarRating value={summary.average} size={20} className="mt-1" />
      <p className="mt-1 text-sm text-gray-500">({formatNumberVN(summary.count)} đánh giá)</p>
      <ul className="mt-4 space-y-1.5" aria-label="Phân bố số sao">
        {[...RATING_SCORES].reverse().map((s) => {
          const pct = summary.percent[`${s}`] ?? 0;
          return (
            <li key={s} className="flex items-center gap-2 text-xs text-gray-600">
              <span className="w-10 shrink-0">{s} sao</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200" role="img" aria-label={`${s} sao: ${pct}%`}>
                <span className={`block h-full rounded-full bg-amber-400 ${widthClass(pct)}`} />
              </span>
              <span className="w-9 shrink-0 text-right tabular-nums">{pct}%</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MyReview({ rating, onEdit, onDelete }: { rating: MyRatingDto; onEdit: () => void; onDelete: () => void }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="rounded-xl bg-brand-50/50 p-5 ring-1 ring-brand-100" data-testid="my-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-bold text-gray-900">Đánh giá của bạn</h3>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <PenIcon size={15} /> Sửa
          </Button>
          {confirm ? (
            <>
              <Button variant="ghost" size="sm" className="!text-red-700" onClick={onDelete}>
                Xác nhận xóa
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirm(false)}>
                Hủy
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirm(true)}>
              <Trash2Icon size={15} /> Xóa
            </Button>
          )}
        </div>
      </div>
      <StarRating value={rating.score} size={16} className="mt-2" />
      {rating.content && <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-gray-700">{rating.content}</p>}
    </div>
  );
}

function RatingForm({ bookId, existing, onCancel, onSaved }: { bookId: number; existing: MyRatingDto | null; onCancel?: () => void; onSaved: () => Promise<void> }) {
  const [score, setScore] = useState<number>(existing?.score ?? RATING_SCORE_DEFAULT);
  const [content, setContent] = useState(existing?.content ?? '');
  const toast = useToast();
  const contentId = useId();
  useEffect(() => {
    setScore(existing?.score ?? RATING_SCORE_DEFAULT);
    setContent(existing?.content ?? '');
  }, [existing]);

  const save = useMutation({
    mutationFn: (body: { score: number; content: string }) => rateBook(bookId, body),
    onSuccess: async () => {
      toast.show(existing ? 'Đã cập nhật đánh giá' : 'Cảm ơn bạn đã đánh giá');
      await onSaved();
    },
  });
  const busy = save.isPending;
  const error = save.isError ? (existing ? 'Không lưu được chỉnh sửa' : 'Không gửi được đánh giá') : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) save.mutate({ score: clampRatingScore(score), content: content.trim() });
  };


  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-gray-200" aria-label={existing ? 'Sửa đánh giá' : 'Viết đánh giá'}>
      <h3 className="text-sm font-bold text-gray-900">{existing ? 'Sửa đánh giá của bạn' : 'Viết đánh giá của bạn'}</h3>
      <StarInput value={score} onChange={setScore} label="Số sao đánh giá" />
      <div>
        <label htmlFor={contentId} className="sr-only">
          Nội dung đánh giá
        </label>
        <textarea
          id={contentId}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={REVIEW_CONTENT_MAX}
          rows={4}
          placeholder="Chia sẻ cảm nhận của bạn về cuốn sách (không bắt buộc)"
          className="w-full resize-y rounded-lg border border-gray-300 px-3 py-2.5 text-sm outline-none placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
        <p className="mt-1 text-right text-xs text-gray-500">
          {content.length}/{REVIEW_CONTENT_MAX}
        </p>
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Hủy
          </Button>
        )}
        <Button type="submit" busy={busy} busyText="Đang gửi…">
          {existing ? 'Lưu chỉnh sửa' : 'Gửi đánh giá'}
        </Button>
      </div>
    </form>
  );
}

/** 'Đã mua hàng': the reviewer received the book in an order of theirs. */
function VerifiedPurchaseBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-md bg-emerald-50 px-1.5 py-0.5 text-[11px] leading-4 font-bold text-emerald-700 ring-1 ring-emerald-200"
      title="Người viết đã mua và nhận cuốn sách này tại Nhà Sách"
      data-testid="verified-purchase"
    >
      <ShieldCheckIcon size={12} aria-hidden="true" />
      {VERIFIED_PURCHASE_LABEL}
    </span>
  );
}

function ReviewItem({ review, own, onEdit, onDelete }: { review: ReviewDto; own: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex gap-3 p-4" data-testid="review-item">
      <Avatar name={review.userName} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold text-gray-900">{review.userName}</span>
          {review.verifiedPurchase && <VerifiedPurchaseBadge />}
          {own && <Badge tone="success">Của bạn</Badge>}
          <span className="text-xs text-gray-500">{formatDate(review.createdAt)}</span>
        </div>
        <StarRating value={review.score} size={14} className="mt-1" />
        {/* Reviews are plain text: never HTML. */}
        {review.content && <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-gray-700">{review.content}</p>}
        {own && (
          <div className="mt-2 flex gap-3 text-xs font-semibold">
            <button type="button" onClick={onEdit} className="text-gray-500 hover:text-brand-700">
              Sửa
            </button>
            <button type="button" onClick={onDelete} className="text-gray-500 hover:text-red-700">
              Xóa
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
