import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../../lib/viewer.ts';
import { MAX_ADDRESSES_PER_USER, type AddressDto } from '@nhasach/shared';
import { ArrowLeftIcon, MapPinIcon, PenIcon, PhoneIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { addressesQuery, deleteAddress, setDefaultAddress } from '../../api/addresses.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { safeNextPath } from '../../lib/safeNext.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { AccountSection } from './AccountSection.tsx';
import { AddressForm } from './AddressForm.tsx';
import { ConvertAddressDialog } from './ConvertAddressDialog.tsx';
import { errorText } from '../../components/ui/errorText.ts';

type Editing = { mode: 'create' } | { mode: 'edit'; address: AddressDto } | null;

/** /tai-khoan/dia-chi (optional ?return=path): the address book; after saving it goes back to `return`. */
export function AddressesPage() {
  useDocumentTitle('Sổ địa chỉ');
  const [params] = useSearchParams();
  const returnTo = safeNextPath(params.get('return'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const addressBook = addressesQuery(useViewer());
  const list = useQuery(addressBook);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<AddressDto | null>(null);
  const [toConvert, setToConvert] = useState<AddressDto | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const addresses = list.data ?? [];
  const empty = list.isSuccess && addresses.length === 0;

  // Arriving from checkout with an empty address book: the form is what the shopper came for.
  useEffect(() => {
    if (empty && editing === null) setEditing({ mode: 'create' });
  }, [empty, editing]);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [editing]);

  const onSaved = () => {
    setEditing(null);
    if (returnTo) navigate(returnTo);
  };

  const makeDefault = async (a: AddressDto) => {
    setWorking(a.id);
    try {
      await setDefaultAddress(a.id);
      await queryClient.invalidateQueries({ queryKey: addressBook.queryKey });
      toast.show('Đã đặt làm địa chỉ mặc định');
    } catch (err) {
      toast.show(errorText(err, 'Đặt mặc định thất bại'), { tone: 'error', durationMs: 3000 });
    } finally {
      setWorking(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setWorking(toDelete.id);
    try {
      await deleteAddress(toDelete.id);
      await queryClient.invalidateQueries({ queryKey: addressBook.queryKey });
      toast.show('Đã xoá địa chỉ');
      setToDelete(null);
    } catch (err) {
      toast.show(errorText(err, 'Xoá địa chỉ thất bại'), { tone: 'error', durationMs: 3000 });
    } finally {
      setWorking(null);
    }
  };

  const full = addresses.length >= MAX_ADDRESSES_PER_USER;

  return (
    <AccountSection title="Sổ địa chỉ" subtitle="Quản lý địa chỉ nhận hàng để đặt mua nhanh hơn.">
      {returnTo && (
        <Alert tone="info" className="mb-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{empty ? 'Thêm địa chỉ nhận hàng để tiếp tục đặt hàng.' : 'Chọn hoặc thêm địa chỉ nhận hàng rồi quay lại đặt hàng.'}</span>
            {!empty && list.isSuccess && (
              <Link to={returnTo} className="inline-flex items-center gap-1 font-semibold text-sky-900 underline underline-offset-2">
                <ArrowLeftIcon size={14} /> Quay lại đặt hàng
              </Link>
            )}
          </div>
        </Alert>
      )}

      {list.isPending ? (
        <div className="space-y-3" role="status" aria-label="Đang tải địa chỉ">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-2 rounded-xl border border-gray-200 p-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState message="Không tải được địa chỉ" onRetry={() => void list.refetch()} retrying={list.isFetching} compact />
      ) : (
        <div className="space-y-5">
          {editing ? (
            <div ref={formRef} className="scroll-mt-36 rounded-xl border border-brand-100 bg-brand-50/30 p-4 sm:p-5">
              <h2 className="mb-4 text-base font-bold text-gray-900">{editing.mode === 'edit' ? 'Sửa địa chỉ' : 'Thêm địa chỉ mới'}</h2>
              <AddressForm
                key={editing.mode === 'edit' ? editing.address.id : 'new'}
                address={editing.mode === 'edit' ? editing.address : undefined}
                defaultMakeDefault={addresses.length === 0}
                onSaved={onSaved}
                onCancel={addresses.length > 0 ? () => setEditing(null) : undefined}
                submitLabel={returnTo && editing.mode === 'create' ? 'Lưu và tiếp tục' : undefined}
              />
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-gray-500">
                {addresses.length}/{MAX_ADDRESSES_PER_USER} địa chỉ
              </p>
              <Button onClick={() => setEditing({ mode: 'create' })} disabled={full}>
                <PlusIcon size={18} /> Thêm địa chỉ mới
              </Button>
            </div>
          )}

          {empty && !editing && <EmptyState icon={<MapPinIcon size={28} />} title="Bạn chưa có địa chỉ nào" />}

          {addresses.length > 0 && (
            <ul className="grid gap-3" aria-label="Danh sách địa chỉ">
              {addresses.map((a) => (
                <li
                  key={a.id}
                  data-testid="address-card"
                  className={`rounded-xl border p-4 transition-colors sm:p-5 ${a.isDefault ? 'border-brand-200 bg-brand-50/20' : 'border-gray-200 bg-white hover:border-gray-300'}`}
                >
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0 space-y-1.5">
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="font-semibold text-gray-900">{a.fullName}</span>
                        <span className="h-4 w-px bg-gray-300" aria-hidden="true" />
                        <span className="flex items-center gap-1 text-sm text-gray-600">
                          <PhoneIcon size={14} /> {a.phone}
                        </span>
                        {a.isDefault && (
                          <span className="rounded-md border border-brand-600 px-1.5 py-0.5 text-[11px] font-semibold text-brand-700">Mặc định</span>
                        )}
                      </p>
                      <p className="flex items-start gap-1.5 text-sm leading-relaxed text-gray-700">
                        <MapPinIcon size={15} className="mt-0.5 shrink-0 text-gray-500" />
                        {a.addressLine}
                      </p>
                      {a.scheme === 'THREE_LEVEL' && (
                        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-amber-800">
                          <span className="rounded-md bg-amber-50 px-1.5 py-0.5 font-medium ring-1 ring-amber-200">Đơn vị hành chính cũ</span>
                          <button
                            type="button"
                            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                            onClick={() => setToConvert(a)}
                            aria-label={`Chuyển địa chỉ của ${a.fullName} sang đơn vị hành chính mới`}
                          >
                            Chuyển sang địa chỉ mới
                          </button>
                        </p>
                      )}
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-1 sm:flex-col sm:items-end">
                      <div className="flex gap-1">
                        <Button variant="ghost" size="sm" onClick={() => setEditing({ mode: 'edit', address: a })} aria-label={`Sửa địa chỉ của ${a.fullName}`}>
                          <PenIcon size={15} /> Sửa
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="hover:!bg-red-50 hover:!text-red-700"
                          onClick={() => setToDelete(a)}
                          disabled={working === a.id}
                          aria-label={`Xoá địa chỉ của ${a.fullName}`}
                        >
                          <Trash2Icon size={15} /> Xoá
                        </Button>
                      </div>
                      {!a.isDefault && (
                        <Button variant="outline" size="sm" onClick={() => void makeDefault(a)} busy={working === a.id}>
                          Đặt làm mặc định
                        </Button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}

          {returnTo && !editing && addresses.length > 0 && (
            <div className="flex justify-end">
              <Link to={returnTo} className={buttonClass('primary', 'md')}>
                Tiếp tục đặt hàng
              </Link>
            </div>
          )}
        </div>
      )}

      <ConvertAddressDialog
        address={toConvert}
        onClose={() => setToConvert(null)}
        onEditInstead={(a) => {
          setToConvert(null);
          setEditing({ mode: 'edit', address: a });
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        danger
        busy={toDelete !== null && working === toDelete.id}
        title="Xoá địa chỉ này?"
        description={toDelete ? `${toDelete.fullName} · ${toDelete.addressLine}` : undefined}
        confirmText="Xoá"
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </AccountSection>
  );
}
