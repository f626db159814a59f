import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../../lib/viewer.ts';
import { formatAddressLine, type AddressDto, type ConvertedPlaceDto } from '@nhasach/shared';
import { addressKeys, updateAddress } from '../../api/addresses.ts';
import { fetchConversion, geoKeys } from '../../api/geo.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { LoadingBlock } from '../../components/ui/Spinner.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorText } from '../../components/ui/errorText.ts';

export interface ConvertAddressDialogProps {
  /** The old (three-level) address to convert; null when closed. */
  address: AddressDto | null;
  onClose: () => void;
  /** The mapping knows no new ward: edit the address by hand instead. */
  onEditInstead: (address: AddressDto) => void;
}

/**
 * Converts an address saved under the units before July 2025 to the new ones by the official old-to-new mapping,
 * showing the result before anything is saved. A ward split between several new ones lets the shopper choose.
 */
export function ConvertAddressDialog({ address, onClose, onEditInstead }: ConvertAddressDialogProps) {
  return (
    <Modal
      open={address !== null}
      onClose={onClose}
      title="Chuyển sang địa chỉ mới"
      description="Theo sắp xếp đơn vị hành chính từ 01/07/2025: tỉnh/thành phố và phường/xã, không còn quận/huyện."
      widthClass="max-w-lg"
    >
      {address && <ConvertBody key={address.id} address={address} onClose={onClose} onEditInstead={onEditInstead} />}
    </Modal>
  );
}

function ConvertBody({ address, onClose, onEditInstead }: { address: AddressDto; onClose: () => void; onEditInstead: (a: AddressDto) => void }) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const toast = useToast();
  const query = { wardCode: address.wardCode ?? '', ward: address.ward, district: address.district, province: address.province };
  const conversion = useQuery({
    queryKey: geoKeys.conversion(query),
    queryFn: ({ signal }) => fetchConversion(query, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const candidates = conversion.data?.candidates ?? [];
  const [chosenCode, setChosenCode] = useState<string>();
  const chosen: ConvertedPlaceDto | undefined = candidates.length === 1 ? candidates[0] : candidates.find((c) => c.wardCode === chosenCode);
  const save = useMutation({
    mutationFn: (place: ConvertedPlaceDto) =>
      updateAddress(address.id, {
        fullName: address.fullName,
        phone: address.phone,
        line1: address.line1,
        scheme: 'TWO_LEVEL',
        province: place.province,
        provinceCode: place.provinceCode,
        district: '',
        ward: place.ward,
        wardCode: place.wardCode,
        makeDefault: address.isDefault,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.all(viewer) });
      toast.show('Cập nhật địa chỉ thành công');
      onClose();
    },
  });
  const saving = save.isPending;
  const error = save.error ? errorText(save.error, 'Lưu địa chỉ thất bại') : undefined;

  return (
    <div className="grid gap-4">
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-3">
        <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Địa chỉ đang lưu</p>
        <p className="mt-1 text-sm text-gray-700" data-testid="convert-old">
          {address.addressLine}
        </p>
      </div>

      {conversion.isPending ? (
        <LoadingBlock text="Đang tra bảng sắp xếp đơn vị hành chính…" />
      ) : conversion.isError ? (
        <Alert>Không tra được đơn vị hành chính mới. Vui lòng thử lại sau.</Alert>
      ) : candidates.length === 0 ? (
        <Alert tone="warning">
          Không tìm thấy phường/xã mới tương ứng trong bảng sắp xếp chính thức. Vui lòng sửa địa chỉ và chọn lại tỉnh/thành phố, phường/xã.
        </Alert>
      ) : (
        <>
          {candidates.length > 1 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm text-gray-700">Phường/xã cũ đã được chia cho nhiều phường/xã mới. Chọn nơi bạn nhận hàng:</legend>
              {candidates.map((c) => (
                <label
                  key={c.wardCode}
                  className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-gray-200 px-3 py-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50/40"
                >
                  <input type="radio" name="new-ward" className="size-4 accent-brand-700" checked={chosenCode === c.wardCode} onChange={() => setChosenCode(c.wardCode)} />
                  {c.ward}, {c.province}
                </label>
              ))}
            </fieldset>
          )}
          <div className="rounded-lg border border-brand-200 bg-brand-50/40 p-3">
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">Địa chỉ sau khi chuyển</p>
            <p className="mt-1 text-sm font-medium text-gray-900" data-testid="convert-new">
              {chosen ? formatAddressLine({ line1: address.line1, ward: chosen.ward, province: chosen.province }) : 'Chọn phường/xã mới ở trên.'}
            </p>
            {conversion.data?.matchedBy === 'CODE' && (
              <p className="mt-1.5 text-xs text-gray-600">Tìm theo mã phường/xã đã lưu; vui lòng kiểm tra lại trước khi lưu.</p>
            )}
          </div>
        </>
      )}

      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-4">
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Huỷ
        </Button>
        {conversion.isSuccess && candidates.length === 0 ? (
          <Button onClick={() => onEditInstead(address)}>Sửa địa chỉ</Button>
        ) : (
          <Button onClick={() => chosen && !saving && save.mutate(chosen)} disabled={!chosen} busy={saving} busyText="Đang lưu…">
            Lưu địa chỉ mới
          </Button>
        )}
      </div>
    </div>
  );
}
