import { Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURNABLE_ORDER_STATUSES, RETURN_WINDOW_DAYS, type OrderDto } from '@nhasach/shared';
import { fetchOrderReturns, returnKeys } from '../../api/returns.ts';
import { PackageOpenIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { formatDateTime } from '../../lib/books.ts';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { useViewer } from '../../lib/viewer.ts';
import { ReturnSummary } from './ReturnSteps.tsx';

/** The form is loaded when the shopper opens it (most visits to an order page never do). */
const ReturnRequestDialog = lazyComponent(async () => (await import('./ReturnRequestDialog.tsx')).ReturnRequestDialog);

/**
 * The shopper's returns of a delivered order, on its page: the "Trả hàng / hoàn tiền" action while the window is
 * open and something is left to return, and each return with its steps. Nothing for orders not delivered.
 */
export function OrderReturnsCard({ order }: { order: OrderDto }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const delivered = RETURNABLE_ORDER_STATUSES.includes(order.status);
  const returns = useQuery({
    queryKey: returnKeys.order(viewer, order.code),
    queryFn: ({ signal }) => fetchOrderReturns(order.code, signal),
    enabled: delivered,
  });
  if (!delivered) return null;

  const data = returns.data;
  const left = data ? data.lines.some((l) => l.returnable > 0) : false;
  const canAsk = data !== undefined && data.blocked === null && left;

  return (
    <Card
      testId="order-returns"
      title="Trả hàng"
      icon={<PackageOpenIcon size={18} />}
      bodyClassName="space-y-3 p-4 sm:p-5"
      actions={
        canAsk && (
          <Button size="sm" onClick={() => setOpen(true)} onPointerEnter={() => void ReturnRequestDialog.preload()}>
            Trả hàng / hoàn tiền
          </Button>
        )
      }
    >
      {returns.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : returns.isError ? (
        <ErrorState compact message="Không tải được thông tin trả hàng" onRetry={() => void returns.refetch()} retrying={returns.isFetching} />
      ) : (
        <>
          <p className="text-sm text-gray-600">
            {data!.blocked === null && data!.windowEndsAt
              ? `Bạn có thể yêu cầu trả hàng trong ${RETURN_WINDOW_DAYS} ngày kể từ khi nhận hàng, đến ${formatDateTime(data!.windowEndsAt)}.`
              : data!.blocked}
            {data!.blocked === null && !left && ' Tất cả sản phẩm của đơn đã được yêu cầu trả.'}
          </p>
          {data!.returns.length === 0 ? null : data!.returns.map((r) => <ReturnSummary key={r.id} r={r} />)}
        </>
      )}
      {data && open && (
        <Suspense fallback={null}>
          <ReturnRequestDialog
            key={String(open)}
            open={open}
            code={order.code}
            info={data}
            onClose={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              toast.show('Đã gửi yêu cầu trả hàng');
              void queryClient.invalidateQueries({ queryKey: returnKeys.order(viewer, order.code) });
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
