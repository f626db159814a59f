import { Link } from 'react-router';
import { SearchIcon } from 'lucide-react';
import { buttonClass } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';

/** A shopper's order that does not exist or is someone else's (the API answers 404 for both). */
export function OrderNotFound() {
  return (
    <EmptyState
      icon={<SearchIcon size={28} />}
      title="Không tìm thấy đơn hàng"
      description="Đơn hàng không tồn tại hoặc bạn không có quyền xem đơn hàng này."
      action={
        <Link to="/don-hang" className={buttonClass('primary', 'md')}>
          Về đơn hàng của tôi
        </Link>
      }
    />
  );
}
