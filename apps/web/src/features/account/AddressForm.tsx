import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../../lib/viewer.ts';
import type { AddressDto } from '@nhasach/shared';
import { addressKeys, createAddress, updateAddress } from '../../api/addresses.ts';
import { ApiError } from '../../api/client.ts';
import { fetchConversion, fetchDistricts, fetchProvinces, fetchProvinces2025, fetchWards, fetchWards2025, geoKeys } from '../../api/geo.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { UnitCombobox } from '../../components/UnitCombobox.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import {
  addressFormSchema,
  addressToForm,
  emptyAddressForm,
  findUnitByName,
  formToAddressInput,
  SERVER_FIELD_MAP,
  type AddressFormInput,
  type AddressFormValues,
} from './addressForm.ts';
import { errorText } from '../../components/ui/errorText.ts';

export interface AddressFormProps {
  /** The address being edited; a new one otherwise. */
  address?: AddressDto;
  /** Whether 'Đặt làm địa chỉ mặc định' starts ticked (new addresses). */
  defaultMakeDefault?: boolean;
  onSaved: (address: AddressDto) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

const GEO_STALE = Number.POSITIVE_INFINITY;

/**
 * Create or edit an address (spec section 5): recipient, phone, street and the administrative units, picked from
 * searchable lists fed by the geo API. New addresses use the units since July 2025 (province, then ward or commune);
 * an address saved under the older three levels (province, district, ward) is shown and edited as saved, and can be
 * switched to the new units. Saving shows 'Thêm địa chỉ thành công' or 'Cập nhật địa chỉ thành công'.
 */
export function AddressForm({ address, defaultMakeDefault = false, onSaved, onCancel, submitLabel }: AddressFormProps) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const toast = useToast();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: address ? addressToForm(address) : emptyAddressForm(defaultMakeDefault),
  });

  const scheme = watch('scheme');
  const provinceCode = watch('provinceCode');
  const districtCode = watch('districtCode');
  const twoLevel = scheme === 'TWO_LEVEL';
  const [converting, setConverting] = useState(false);

  const provinces = useQuery({
    queryKey: twoLevel ? geoKeys.provinces2025 : geoKeys.provinces,
    queryFn: ({ signal }) => (twoLevel ? fetchProvinces2025(signal) : fetchProvinces(signal)),
    staleTime: GEO_STALE,
  });
  const districts = useQuery({
    queryKey: geoKeys.districts(provinceCode),
    queryFn: ({ signal }) => fetchDistricts(provinceCode, signal),
    enabled: !twoLevel && !!provinceCode,
    staleTime: GEO_STALE,
  });
  // Two levels: the wards of the province; three: the wards of the district.
  const wardParent = twoLevel ? provinceCode : districtCode;
  const wards = useQuery({
    queryKey: twoLevel ? geoKeys.wards2025(provinceCode) : geoKeys.wards(districtCode),
    queryFn: ({ signal }) => (twoLevel ? fetchWards2025(provinceCode, signal) : fetchWards(districtCode, signal)),
    enabled: !!wardParent,
    staleTime: GEO_STALE,
  });

  /** From the older units to the new ones, pre-filled by the official mapping when it gives one answer. */
  const switchToNewUnits = async () => {
    setValue('scheme', 'TWO_LEVEL');
    setValue('provinceCode', '');
    setValue('districtCode', '');
    setValue('wardCode', '');
    if (!address) return;
    setConverting(true);
    try {
      const { candidates } = await fetchConversion(address);
      const [first] = candidates;
      if (first && candidates.every((c) => c.provinceCode === first.provinceCode)) setValue('provinceCode', first.provinceCode);
      if (first && candidates.length === 1) setValue('wardCode', first.wardCode);
    } catch {
      // The shopper picks the units by hand.
    } finally {
      setConverting(false);
    }
  };

  // An address saved without codes (older data): pick its units by name once the lists are here.
  useEffect(() => {
    if (!address || getValues('scheme') !== address.scheme || getValues('provinceCode') || !provinces.data) return;
    const p = findUnitByName(provinces.data, address.province);
    if (p) setValue('provinceCode', p.code);
  }, [address, provinces.data, getValues, setValue]);
  useEffect(() => {
    if (!address || getValues('scheme') !== address.scheme || getValues('districtCode') || !districts.data) return;
    const d = findUnitByName(districts.data, address.district);
    if (d) setValue('districtCode', d.code);
  }, [address, districts.data, getValues, setValue]);
  useEffect(() => {
    if (!address || getValues('scheme') !== address.scheme || getValues('wardCode') || !wards.data) return;
    const w = findUnitByName(wards.data, address.ward);
    if (w) setValue('wardCode', w.code);
  }, [address, wards.data, getValues, setValue]);

  const onValid = async (values: AddressFormValues) => {
    setServerError(undefined);
    const body = formToAddressInput(values, { provinces: provinces.data, districts: districts.data, wards: wards.data });
    try {
      const saved = address ? await updateAddress(address.id, body) : await createAddress(body);
      await queryClient.invalidateQueries({ queryKey: addressKeys.all(viewer) });
      toast.show(address ? 'Cập nhật địa chỉ thành công' : 'Thêm địa chỉ thành công');
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.data && typeof err.data === 'object') {
        const fields = (err.data as { fields?: { field: string; message: string }[] }).fields ?? [];
        for (const f of fields) {
          const name = SERVER_FIELD_MAP[f.field];
          if (name) setError(name, { type: 'server', message: f.message });
        }
      }
      setServerError(errorText(err, 'Lưu địa chỉ thất bại'));
    }
  };

  const geoError = provinces.isError || districts.isError || wards.isError;

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4" aria-label={address ? 'Sửa địa chỉ' : 'Thêm địa chỉ mới'}>
      {serverError && <Alert>{serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Họ và tên người nhận" autoComplete="name" required placeholder="Nguyễn Văn An" error={errors.fullName?.message} {...register('fullName')} />
        <TextField
          label="Số điện thoại"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          placeholder="0901 234 567"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      {!twoLevel && (
        <Alert tone="info">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>Địa chỉ này theo đơn vị hành chính cũ (trước 01/07/2025), có quận/huyện.</span>
            <Button variant="outline" size="sm" onClick={() => void switchToNewUnits()}>
              Chuyển sang đơn vị hành chính mới
            </Button>
          </div>
        </Alert>
      )}
      <div className={`grid gap-4 ${twoLevel ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        <Controller
          control={control}
          name="provinceCode"
          render={({ field }) => (
            <UnitCombobox
              label="Tỉnh/Thành phố"
              placeholder="Chọn tỉnh/thành phố"
              list={provinces.data}
              loading={provinces.isPending || converting}
              error={errors.provinceCode?.message}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(code) => {
                if (code === field.value) return;
                field.onChange(code);
                // A new province empties the units below it.
                setValue('districtCode', '');
                setValue('wardCode', '');
              }}
            />
          )}
        />
        {!twoLevel && (
          <Controller
            control={control}
            name="districtCode"
            render={({ field }) => (
              <UnitCombobox
                label="Quận/Huyện"
                placeholder={provinceCode ? 'Chọn quận/huyện' : 'Chọn tỉnh/thành trước'}
                list={provinceCode ? districts.data : []}
                loading={!!provinceCode && districts.isPending}
                disabled={!provinceCode}
                error={errors.districtCode?.message}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(code) => {
                  if (code === field.value) return;
                  field.onChange(code);
                  setValue('wardCode', '');
                }}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="wardCode"
          render={({ field }) => (
            <UnitCombobox
              label="Phường/Xã"
              placeholder={wardParent ? 'Chọn phường/xã' : twoLevel ? 'Chọn tỉnh/thành trước' : 'Chọn quận/huyện trước'}
              list={wardParent ? wards.data : []}
              loading={(!!wardParent && wards.isPending) || converting}
              disabled={!wardParent}
              error={errors.wardCode?.message}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      {geoError && <Alert tone="warning">Không tải được danh sách tỉnh/thành, quận/huyện hoặc phường/xã. Vui lòng thử lại sau.</Alert>}
      <TextField
        label="Địa chỉ cụ thể"
        autoComplete="street-address"
        required
        placeholder="Số nhà, tên đường, toà nhà…"
        error={errors.line1?.message}
        {...register('line1')}
      />
      <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm text-gray-800">
        <input type="checkbox" className="size-[18px] accent-brand-700" disabled={address?.isDefault} {...register('makeDefault')} />
        Đặt làm địa chỉ mặc định
      </label>
      <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
        <Button type="submit" busy={isSubmitting} busyText="Đang lưu…">
          {submitLabel ?? (address ? 'Lưu thay đổi' : 'Lưu địa chỉ')}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Huỷ
          </Button>
        )}
      </div>
    </form>
  );
}
