import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressDto, GeoUnitDto } from '@nhasach/shared';
import { addressKeys, createAddress, updateAddress } from '../../api/addresses.ts';
import { ApiError } from '../../api/client.ts';
import { fetchDistricts, fetchProvinces, fetchWards, geoKeys } from '../../api/geo.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { FieldErrorText, inputBaseClass, TextField } from '../../components/TextField.tsx';
import { useToast } from '../../components/Toast.tsx';
import { apiMessage } from '../../lib/apiMessage.ts';
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
 * Create or edit an address (spec section 5): recipient, phone, street and the province / district / ward selects
 * fed by the geo API. Saving shows 'Thêm địa chỉ thành công' or 'Cập nhật địa chỉ thành công'.
 */
export function AddressForm({ address, defaultMakeDefault = false, onSaved, onCancel, submitLabel }: AddressFormProps) {
  const queryClient = useQueryClient();
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

  const provinceCode = watch('provinceCode');
  const districtCode = watch('districtCode');

  const provinces = useQuery({ queryKey: geoKeys.provinces, queryFn: ({ signal }) => fetchProvinces(signal), staleTime: GEO_STALE });
  const districts = useQuery({
    queryKey: geoKeys.districts(provinceCode),
    queryFn: ({ signal }) => fetchDistricts(provinceCode, signal),
    enabled: !!provinceCode,
    staleTime: GEO_STALE,
  });
  const wards = useQuery({
    queryKey: geoKeys.wards(districtCode),
    queryFn: ({ signal }) => fetchWards(districtCode, signal),
    enabled: !!districtCode,
    staleTime: GEO_STALE,
  });

  // An address saved without codes (older data): pick its units by name once the lists are here.
  useEffect(() => {
    if (!address || getValues('provinceCode') || !provinces.data) return;
    const p = findUnitByName(provinces.data, address.province);
    if (p) setValue('provinceCode', p.code);
  }, [address, provinces.data, getValues, setValue]);
  useEffect(() => {
    if (!address || getValues('districtCode') || !districts.data) return;
    const d = findUnitByName(districts.data, address.district);
    if (d) setValue('districtCode', d.code);
  }, [address, districts.data, getValues, setValue]);
  useEffect(() => {
    if (!address || getValues('wardCode') || !wards.data) return;
    const w = findUnitByName(wards.data, address.ward);
    if (w) setValue('wardCode', w.code);
  }, [address, wards.data, getValues, setValue]);

  const onValid = async (values: AddressFormValues) => {
    setServerError(undefined);
    const body = formToAddressInput(values, { provinces: provinces.data, districts: districts.data, wards: wards.data });
    try {
      const saved = address ? await updateAddress(address.id, body) : await createAddress(body);
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
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
      setServerError(apiMessage(err, 'Lưu địa chỉ thất bại'));
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
      <div className="grid gap-4 sm:grid-cols-3">
        <Controller
          control={control}
          name="provinceCode"
          render={({ field }) => (
            <GeoSelect
              label="Tỉnh/Thành phố"
              placeholder="Chọn tỉnh/thành phố"
              list={provinces.data}
              loading={provinces.isPending}
              error={errors.provinceCode?.message}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(code) => {
                field.onChange(code);
                // A new province empties the district and ward below it.
                setValue('districtCode', '');
                setValue('wardCode', '');
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="districtCode"
          render={({ field }) => (
            <GeoSelect
              label="Quận/Huyện"
              placeholder={provinceCode ? 'Chọn quận/huyện' : 'Chọn tỉnh/thành trước'}
              list={provinceCode ? districts.data : []}
              loading={!!provinceCode && districts.isPending}
              disabled={!provinceCode}
              error={errors.districtCode?.message}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(code) => {
                field.onChange(code);
                setValue('wardCode', '');
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="wardCode"
          render={({ field }) => (
            <GeoSelect
              label="Phường/Xã"
              placeholder={districtCode ? 'Chọn phường/xã' : 'Chọn quận/huyện trước'}
              list={districtCode ? wards.data : []}
              loading={!!districtCode && wards.isPending}
              disabled={!districtCode}
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

function GeoSelect({
  label,
  placeholder,
  list,
  loading,
  disabled = false,
  error,
  value,
  onChange,
  onBlur,
}: {
  label: ReactNode;
  placeholder: string;
  list: GeoUnitDto[] | undefined;
  loading: boolean;
  disabled?: boolean;
  error?: string;
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="mb-1.5 flex text-sm font-medium text-gray-800">
        <label htmlFor={id}>{label}</label>
        <span className="ml-0.5 text-brand-700" aria-hidden="true">
          *
        </span>
      </div>
      <select
        id={id}
        disabled={disabled || loading}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputBaseClass} h-11 pr-8 pl-3 disabled:cursor-not-allowed disabled:text-gray-400`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{loading ? 'Đang tải…' : placeholder}</option>
        {list?.map((u) => (
          <option key={u.code} value={u.code}>
            {u.name}
          </option>
        ))}
      </select>
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}
