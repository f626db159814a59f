import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PackageOpenIcon } from 'lucide-react';
import { formatVnd } from '@nhasach/shared';
import { fetchReturns, returnKeys } from '../../api/returns.ts';
import { Card } from '../../components/ui/Card.tsx';
import { formatDateTime } from '../../lib/books.ts';
import { ReturnStatusBadge, ReturnSteps } from './ReturnSteps.tsx';

/** The order's returns on the staff order page, each a link to its detail; nothing when there are none. */
export function SaleOrderReturnsCard({ orderId }: { orderId: number }) {
  const list = useQuery({
    queryKey: returnKeys.staffList(undefined, 0, orderId),
    queryFn: ({ signal }) => fetchReturns({ page: 0, size: 50, orderId }, signal),
  });
  if (!list.data?.content.length) return null;
  return (
    <Card testId="sale-order-returns" title={`Trả hàng (${list.data.content.length})`} icon={<PackageOpenIcon size={18} />} bodyClassName="">
      <ul className="divide-y divide-gray-100">
        {list.data.content.map((r) => (
          <li key={r.id} className="px-4 py-3 text-sm sm:px-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/sale/returns/${r.id}`} className="font-semibold text-brand-700 hover:underline">
              Yêu cầu #{r.id}
            </Link>
            <span className="text-gray-600">
              {formatVnd(r.amount)} · {formatDateTime(r.requestedAt)}
              {r.refundedAt ? ` · hoàn lúc ${formatDateTime(r.refundedAt)}` : ''}
            </span>
            <ReturnStatusBadge status={r.status} />
            </div>
            <ReturnSteps r={r} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
