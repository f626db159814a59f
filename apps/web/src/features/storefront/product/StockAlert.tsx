import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STOCK_ALERT_MESSAGES } from '@nhasach/shared';
import { errorText } from '../../../components/ui/errorText.ts';
import { fetchStockAlertState, subscribeStockAlert } from '../../../api/stock-alerts.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { inputClass } from '../../../components/ui/Field.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { sessionKey, useViewer } from '../../../lib/viewer.ts';

/** The anchor of the block: the phone's buy bar links to it. */
export const STOCK_ALERT_ID = 'bao-khi-co-hang';

/**
 * A sold-out book: "Báo tôi khi có hàng". A signed-in shopper subscribes with one tap (mailed once when the book is
 * back); a guest gives an e-mail and confirms it from the mail first. Also shows when the shopper already waits.
 */
export function StockAlert({ bookId, confirmed }: { bookId: number; confirmed?: boolean }) {
  const { user } = useAuth();
  const viewer = useViewer();
  const state = useQuery({
    queryKey: sessionKey(viewer, 'stock-alert', bookId),
    queryFn: ({ signal }) => fetchStockAlertState(bookId, signal),
    enabled: !!user,
  });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>(confirmed ? STOCK_ALERT_MESSAGES.subscribed : undefined);
  const [error, setError] = useState<string>();
  const waiting = done ?? (state.data?.subscribed ? STOCK_ALERT_MESSAGES.subscribed : undefined);

  const submit = async () => {
    setError(undefined);
    if (!user && !email.trim()) return setError(STOCK_ALERT_MESSAGES.emailRequired);
    setBusy(true);
    try {
      setDone(await subscribeStockAlert(bookId, user ? undefined : email.trim()));
    } catch (err) {
      setError(errorText(err, 'Không đăng ký nhận thông báo được. Vui lòng thử lại.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={STOCK_ALERT_ID} className="scroll-mt-24 space-y-2 rounded-xl border border-gray-200 bg-white p-3" data-testid="stock-alert">
      {waiting ? (
        <Alert tone="success">{waiting}</Alert>
      ) : (
        <form
          noValidate
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {!user && (
            <label className="min-w-0 flex-1">
              <span className="sr-only">Email nhận thông báo</span>
              <input
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="Email của bạn"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={`${inputClass} h-11`}
              />
            </label>
          )}
          <Button type="submit" variant="outline" busy={busy} className="h-11 shrink-0 !border-brand-600 !text-brand-700">
            Báo tôi khi có hàng
          </Button>
        </form>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
