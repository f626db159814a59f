import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@nhasach/shared';
import { fetchMe, updateMe, userKeys } from '../../api/users.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { LoadingBlock } from '../../components/ui/Spinner.tsx';
import { FieldErrorText, inputBaseClass, TextField } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useAuth } from '../auth/useAuth.ts';
import { AccountSection } from './AccountSection.tsx';
import {
  DAY_OPTIONS,
  formToUpdate,
  MONTH_OPTIONS,
  profileFormSchema,
  profileToForm,
  yearOptions,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profileForm.ts';
import { useViewer } from '../../lib/viewer.ts';

const GENDER_LABELS = [
  { value: 'MALE', label: 'Nam' },
  { value: 'FEMALE', label: 'Nữ' },
  { value: 'OTHER', label: 'Khác' },
] as const;

/** /tai-khoan/ho-so-cua-toi: loads GET /users/me, saves PUT /users/me. */
export function ProfilePage() {
  const viewer = useViewer();
  useDocumentTitle('Hồ sơ của tôi');
  const me = useQuery({ queryKey: userKeys.me(viewer), queryFn: fetchMe });
  return (
    <AccountSection title="Hồ sơ của tôi" subtitle="Quản lý thông tin hồ sơ để bảo mật tài khoản và nhận hàng thuận tiện hơn.">
      {me.isPending ? (
        <LoadingBlock text="Đang tải thông tin…" />
      ) : me.isError ? (
        <div className="space-y-4">
          <Alert>{errorText(me.error, 'Đã xảy ra lỗi.')}</Alert>
          <Button variant="outline" onClick={() => void me.refetch()}>
            Thử lại
          </Button>
        </div>
      ) : (
        <ProfileForm key={me.data.id} user={me.data} />
      )}
    </AccountSection>
  );
}

function ProfileForm({ user }: { user: UserDto }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const toast = useToast();
  const [serverError, setServerError] = useState<string>();
  const dateErrorId = useId();
  const years = yearOptions();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(user),
  });

  const onValid = async (values: ProfileFormValues) => {
    setServerError(undefined);
    try {
      const saved = await updateMe(formToUpdate(values));
      queryClient.setQueryData(userKeys.me(viewer), saved);
      updateUser(saved);
      reset(profileToForm(saved));
      toast.show('Lưu thông tin thành công');
    } catch (err) {
      applyFieldErrors(err, setError, ['phone', 'gender']);
      setServerError(errorText(err, 'Lưu thông tin thất bại.'));
    }
  };

  const dateError = errors.day?.message ?? errors.month?.message ?? errors.year?.message;
  const selectClass = `${inputBaseClass} h-11 pr-1.5 pl-2.5`;

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5 lg:max-w-2xl">
      {serverError && <Alert>{serverError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Họ" autoComplete="family-name" required placeholder="Nguyễn Văn" error={errors.lastName?.message} {...register('lastName')} />
        <TextField label="Tên" autoComplete="given-name" required placeholder="An" error={errors.firstName?.message} {...register('firstName')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Email" type="email" value={user.email} readOnly hint="Email dùng để đăng nhập, không thể thay đổi." />
        <TextField label="Số điện thoại" type="tel" autoComplete="tel" placeholder="0901 234 567" error={errors.phone?.message} {...register('phone')} />
      </div>

      <fieldset aria-describedby={errors.gender ? 'gender-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-gray-800">
          Giới tính<span className="ml-0.5 text-brand-700" aria-hidden="true">*</span>
        </legend>
        <div className="flex flex-wrap gap-2.5">
          {GENDER_LABELS.map((g) => (
            <label
              key={g.value}
              className="flex h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-gray-300 bg-white px-4 text-sm text-gray-800 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600/20"
            >
              <input type="radio" value={g.value} className="size-4 accent-brand-700" {...register('gender')} />
              {g.label}
            </label>
          ))}
        </div>
        {errors.gender?.message && <FieldErrorText id="gender-error">{errors.gender.message}</FieldErrorText>}
      </fieldset>

      <fieldset aria-describedby={dateError ? dateErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-gray-800">Ngày sinh</legend>
        <div className="grid max-w-md grid-cols-[1fr_1fr_1.3fr] gap-2.5">
          <select aria-label="Ngày" aria-invalid={dateError ? true : undefined} className={selectClass} {...register('day')}>
            <option value="">Ngày</option>
            {DAY_OPTIONS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <select aria-label="Tháng" aria-invalid={dateError ? true : undefined} className={selectClass} {...register('month')}>
            <option value="">Tháng</option>
            {MONTH_OPTIONS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <select aria-label="Năm" aria-invalid={dateError ? true : undefined} className={selectClass} {...register('year')}>
            <option value="">Năm</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {dateError && <FieldErrorText id={dateErrorId}>{dateError}</FieldErrorText>}
      </fieldset>

      <div className="flex items-center gap-3 border-t border-gray-100 pt-5">
        <Button type="submit" size="lg" busy={isSubmitting} busyText="Đang lưu…">
          Lưu thay đổi
        </Button>
        {isDirty && !isSubmitting && <span className="text-sm text-gray-500">Bạn có thay đổi chưa lưu.</span>}
      </div>
    </form>
  );
}
