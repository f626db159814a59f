import { MapPinIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /tai-khoan/dia-chi (optional ?return=) — placeholder until address management is built. */
export function AddressesPage() {
  return (
    <PlaceholderPage
      contained={false}
      title="Sổ địa chỉ"
      icon={<MapPinIcon size={30} />}
      description="Quản lý địa chỉ giao hàng sẽ sớm có tại đây."
    />
  );
}
