import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { LoadingBlock } from '../../components/ui/Spinner.tsx';
import { useBuyNow } from './buyNow.ts';

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
