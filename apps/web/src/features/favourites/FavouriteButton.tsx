import { useState } from 'react';
import { HeartIcon } from 'lucide-react';
import { LoginRequiredDialog } from '../../components/LoginRequiredDialog.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { useFavourite } from './useFavourites.ts';
import { errorText } from '../../components/ui/errorText.ts';

type Variant = 'card' | 'detail';

/**
 * The heart toggle (spec section 4, Favourites): optimistic, reverted with a message on failure; guests get
 * the login-needed dialog.
 */
export function FavouriteButton({ bookId, title, variant = 'card', className = '' }: { bookId: number; title: string; variant?: Variant; className?: string }) {
  const { signedIn, liked, count, toggle } = useFavourite(bookId);
  const [askLogin, setAskLogin] = useState(false);
  const toast = useToast();
  const busy = toggle.isPending;

  const onClick = () => {
    if (!signedIn) setAskLogin(true);
    // A second click waits for the first answer.
    else if (!busy) {
      // The toggle is optimistic and puts the heart back itself when the server refuses.
      toggle.mutate(bookId, {
        onSuccess: (result) => toast.show(result.liked ? 'Đã thêm vào danh sách yêu thích' : 'Đã bỏ khỏi danh sách yêu thích'),
        onError: (err) => toast.show(errorText(err, 'Không cập nhật được danh sách yêu thích'), { tone: 'error', durationMs: 3000 }),
      });
    }
  };

  const label = liked ? `Bỏ yêu thích "${title}"` : `Yêu thích "${title}"`;
  const icon = <HeartIcon size={variant === 'card' ? 18 : 20} fill={liked ? 'currentColor' : 'none'} />;
  return (
    <>
      {variant === 'card' ? (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={liked}
          aria-label={label}
          title={liked ? 'Bỏ yêu thích' : 'Yêu thích'}
          aria-busy={busy || undefined}
          className={`grid size-9 place-items-center rounded-full bg-white/95 shadow-sm ring-1 ring-gray-200 transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-brand-600 ${
            liked ? 'text-brand-600' : 'text-gray-500 hover:text-brand-600'
          } ${className}`}
        >
          {icon}
        </button>
      ) : (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={liked}
          aria-label={label}
          aria-busy={busy || undefined}
          className={`inline-flex h-12 items-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            liked ? 'border-brand-200 bg-brand-50 text-brand-700' : 'border-gray-300 bg-white text-gray-700 hover:border-brand-300 hover:text-brand-700'
          } ${className}`}
        >
          {icon}
          <span className="max-sm:sr-only">{liked ? 'Đã yêu thích' : 'Yêu thích'}</span>
          {count !== undefined && count > 0 && <span className="rounded-full bg-white px-1.5 text-xs text-gray-500 ring-1 ring-gray-200">{count}</span>}
        </button>
      )}
      <LoginRequiredDialog open={askLogin} onClose={() => setAskLogin(false)} reason="Đăng nhập để lưu sách vào danh sách yêu thích của bạn." />
    </>
  );
}
