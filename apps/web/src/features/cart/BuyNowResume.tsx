import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { LoadingBlock } from '../../components/ui/Spinner.tsx';
import { useBuyNow } from './buyNow.ts';

/** The book and quantity of a /checkout?buyNow=… address, when they are sane. */
export function buyNowParams(params: URLSearchParams): { bookId: number; qty: number } | undefined {
  const bookId = Number(params.get('buyNow'));
  const qty = Number(params.get('qty') ?? '1');
  if (!Number.isInteger(bookId) || bookId <= 0 || !Number.isInteger(qty) || qty < 1 || qty > 99) return undefined;
  return { bookId, qty };
}

/**
 * /checkout?buyNow={bookId}&qty={qty}: a "Mua ngay" that went through login first. Once signed in, the book is
 * added and made the only selected line (useBuyNow), then the checkout form shows (or the address page first).
 */
export function BuyNowResume({ bookId, qty }: { bookId: number; qty: number }) {
  const buyNow = useBuyNow();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    buyNow(bookId, qty).catch(() => setError('Không thể mua ngay. Vui lòng thử lại.'));
  }, [buyNow, bookId, qty]);
  if (!error) return <LoadingBlock className="min-h-[30vh]" />;
  return (
    <Alert>
      {error}{' '}
      <Link to="/gio-hang" className="font-semibold underline">
        Xem giỏ hàng
      </Link>
    </Alert>
  );
}
