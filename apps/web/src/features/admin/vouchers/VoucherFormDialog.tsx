import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { maskDateInput, VOUCHER_KIND_LABELS, VOUCHER_KINDS, voucherFormSchema, type AdminVoucherDto, type VoucherValues } from '@nhasach/shared';
import { adminKeys, fetchAdminCategories } from '../../../api/admin.ts';
import { createVoucher, updateVoucher, voucherKeys } from '../../../api/vouchers.ts';
import { TextField } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../../components/ui/errorText.ts';
import { CategoryPicker } from '../books/Pickers.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { InlineAlert } from '../ui.tsx';
import { emptyVoucherForm, formToInput, voucherToForm, type VoucherFormFields } from './voucherForm.ts';

type Parsed = z.output<typeof voucherFormSchema>;

// The shared form schema reads the typed strings once money and limits are numbers (formToInput); dates are parsed
// there as Vietnam time. The cast only widens the input type.
const schemaResolver = zodResolver(voucherFormSchema) as unknown as Resolver<Record<string, unknown>, unknown, Parsed>;
const resolver: Resolver<VoucherFormFields, unknown, Parsed> = (values, context, options) =>
  schemaResolver(formToInput(values), context, options as never) as ReturnType<Resolver<VoucherFormFields, unknown, Parsed>>;

const FIELDS = ['code', 'name', 'kind', 'value', 'maxDiscount', 'minSubtotal', 'startsAt', 'endsAt', 'totalUses', 'perCustomerLimit', 'categoryIds'] as const;

const KIND_HINTS = {
  PERCENT: 'Giảm theo phần trăm giá sách, có thể đặt mức tối đa',
  FIXED: 'Giảm một số tiền cố định',
  FREE_SHIPPING: 'Miễn phí vận chuyển cho đơn hàng',
} as const;

/** Create (voucher undefined) or edit a voucher: POST or PUT /api/v1/admin/vouchers. */
export function VoucherFormDialog({ open, voucher, onClose }: { open: boolean; voucher?: AdminVoucherDto; onClose: () => void }) {
  const formId = useId();
  const qc = useQueryClient();
  const toast = useToast();
  // 'check' is the reminder to look at the marked fields: it goes once no field is marked any more.
  const [banner, setBanner] = useState<string | 'check' | null>(null);
  const categories = useQuery({ queryKey: adminKeys.categories, queryFn: fetchAdminCategories, enabled: open });
  const form = useForm<VoucherFormFields, unknown, Parsed>({ defaultValues: emptyVoucherForm(), resolver, mode: 'onTouched' });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = form;
  const kind = watch('kind');

  useEffect(() => {
    if (open) {
      reset(voucher ? voucherToForm(voucher) : emptyVoucherForm());
      setBanner(null);
    }
  }, [open, voucher, reset]);

  const save = useMutation({
    mutationFn: (v: VoucherValues) => (voucher ? updateVoucher(voucher.id, v) : createVoucher(v)),
    onSuccess: (saved) => {
      toast.show(voucher ? `Đã cập nhật mã ${saved.code}` : `Đã tạo mã ${saved.code}`);
      void qc.invalidateQueries({ queryKey: voucherKeys.admin });
      onClose();
    },
    onError: (err) => {
      const shown = applyFieldErrors(err, setError, FIELDS);
      setBanner(shown > 0 ? 'check' : errorText(err, 'Lưu mã giảm giá thất bại. Thử lại nhé.'));
    },
  });

  const submit = handleSubmit(
    (out) => {
      setBanner(null);
      // The schema has refused any date that did not parse, so both are set here.
      if (!out.startsAt || !out.endsAt) return;
      save.mutate({ ...out, startsAt: out.startsAt, endsAt: out.endsAt });
    },
    () => setBanner('check'),
  );

  const dateField = (name: 'startsAt' | 'endsAt', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy HH:mm"
          hint="Giờ Việt Nam, ví dụ 01/12/2026 08:00"
          error={errors[name]?.message}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(maskDateInput(e.target.value, true))}
          className="font-mono tabular-nums"
        />
      )}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={save.isPending}
      widthClass="max-w-2xl"
      title={voucher ? `Sửa mã ${voucher.code}` : 'Tạo mã giảm giá'}
      description="Mỗi đơn hàng dùng một mã; mã áp dụng trên tiền sách đã chọn (sau giá khuyến mãi)."
      submit={{ form: formId, label: voucher ? 'Lưu thay đổi' : 'Tạo mã', busyText: 'Đang lưu…' }}
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {banner === 'check' ? (
          Object.keys(errors).length > 0 && <InlineAlert>Vui lòng kiểm tra các trường được đánh dấu.</InlineAlert>
        ) : (
          banner && <InlineAlert>{banner}</InlineAlert>
        )}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <TextField
            label="Mã giảm giá"
            required
            autoComplete="off"
            spellCheck={false}
            hint="Chữ không dấu và số; tự viết hoa, bỏ khoảng trắng."
            error={errors.code?.message}
            className="font-mono uppercase"
            {...register('code')}
          />
          <TextField label="Tên chương trình" required autoComplete="off" error={errors.name?.message} {...register('name')} />
        </div>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-gray-800">Loại giảm giá</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {VOUCHER_KINDS.map((k) => (
              <label
                key={k}
                className="flex cursor-pointer flex-col gap-0.5 rounded-lg border border-gray-300 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600/20"
              >
                <span className="flex items-center gap-2 font-semibold text-gray-900">
                  <input type="radio" value={k} {...register('kind')} className="accent-brand-700" />
                  {VOUCHER_KIND_LABELS[k]}
                </span>
                <span className="pl-6 text-xs text-gray-500">{KIND_HINTS[k]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          {kind !== 'FREE_SHIPPING' && (
            <TextField
              label={kind === 'PERCENT' ? 'Phần trăm giảm (%)' : 'Số tiền giảm (₫)'}
              required
              inputMode="numeric"
              autoComplete="off"
              error={errors.value?.message}
              {...register('value')}
            />
          )}
          {kind === 'PERCENT' && (
            <TextField label="Giảm tối đa (₫)" inputMode="numeric" autoComplete="off" hint="Để trống: không giới hạn." error={errors.maxDiscount?.message} {...register('maxDiscount')} />
          )}
          <TextField label="Đơn tối thiểu (₫)" inputMode="numeric" autoComplete="off" hint="Tiền sách được áp dụng." error={errors.minSubtotal?.message} {...register('minSubtotal')} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {dateField('startsAt', 'Bắt đầu')}
          {dateField('endsAt', 'Kết thúc')}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Tổng lượt dùng" inputMode="numeric" autoComplete="off" hint="Để trống: không giới hạn." error={errors.totalUses?.message} {...register('totalUses')} />
          <TextField
            label="Lượt dùng mỗi khách"
            inputMode="numeric"
            autoComplete="off"
            hint="Để trống: không giới hạn."
            error={errors.perCustomerLimit?.message}
            {...register('perCustomerLimit')}
          />
        </div>

        <div>
          <label htmlFor={`${formId}-categories`} className="mb-1.5 block text-sm font-medium text-gray-800">
            Chỉ áp dụng cho danh mục
          </label>
          <Controller
            control={control}
            name="categoryIds"
            render={({ field }) => (
              <CategoryPicker
                id={`${formId}-categories`}
                label="Chỉ áp dụng cho danh mục"
                value={field.value}
                onChange={field.onChange}
                categories={categories.data ?? []}
                known={(voucher?.categories ?? []).map((c) => ({ ...c, slug: '' }))}
                loading={categories.isFetching}
                invalid={!!errors.categoryIds}
              />
            )}
          />
          <p className="mt-1.5 text-xs text-gray-500">
            {categories.isError ? 'Không tải được danh sách danh mục.' : 'Để trống: áp dụng cho mọi sách. Danh mục con được tính theo danh mục cha.'}
          </p>
          {errors.categoryIds?.message && <p className="mt-1 text-[13px] font-medium text-red-600">{errors.categoryIds.message}</p>}
        </div>

        <label className="flex items-center gap-2.5 text-sm font-medium text-gray-800">
          <input type="checkbox" {...register('active')} className="size-4 accent-brand-700" />
          Bật mã (khách dùng được trong thời gian áp dụng)
        </label>
      </form>
    </FormDialog>
  );
}
