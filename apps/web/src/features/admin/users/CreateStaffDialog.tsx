import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCreateUserSchema, STAFF_ROLES } from '@nhasach/shared';
import { adminKeys, createStaff } from '../../../api/admin.ts';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../../components/ui/errorText.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { InlineAlert, ROLE_LABELS } from '../ui.tsx';

interface StaffForm {
  username: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
  role: 'SALE' | 'ADMIN';
}

type StaffBody = z.output<typeof adminCreateUserSchema>;

const FIELDS = ['username', 'email', 'password', 'fullName', 'phone', 'role'] as const;

/** 'Tạo nhân viên': an account usable at once (POST /api/v1/admin/users), role SALE or ADMIN. */
export function CreateStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const qc = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<StaffForm, unknown, StaffBody>({
    // The form's strings are a valid input of the shared schema; the output is the request body.
    resolver: zodResolver(adminCreateUserSchema) as unknown as Resolver<StaffForm, unknown, StaffBody>,
    defaultValues: { username: '', email: '', password: '', fullName: '', phone: '', role: 'SALE' },
  });
  const create = useMutation({
    mutationFn: createStaff,
    onSuccess: (u) => {
      toast.show(`Đã tạo tài khoản ${u.username}`);
      void qc.invalidateQueries({ queryKey: adminKeys.users });
      reset();
      setBanner(null);
      onClose();
    },
    onError: (err) => {
      applyFieldErrors(err, setError, FIELDS);
      setBanner(errorText(err, 'Tạo tài khoản thất bại. Thử lại nhé.'));
    },
  });
  const close = () => {
    setBanner(null);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      busy={create.isPending}
      widthClass="max-w-lg"
      title="Tạo nhân viên"
      description="Tài khoản dùng được ngay, không cần xác thực e-mail."
      submit={{ form: formId, label: 'Tạo tài khoản', busyText: 'Đang tạo…' }}
    >
      <form id={formId} noValidate onSubmit={handleSubmit((body) => create.mutate(body))} className="space-y-4">
        {banner && <InlineAlert>{banner}</InlineAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Tên đăng nhập" required autoComplete="off" error={errors.username?.message} {...register('username')} />
          <TextField label="Họ và tên" autoComplete="off" error={errors.fullName?.message} {...register('fullName')} />
        </div>
        <TextField label="Email" type="email" required autoComplete="off" error={errors.email?.message} {...register('email')} />
        <PasswordField label="Mật khẩu" required autoComplete="new-password" error={errors.password?.message} hint="Từ 6 đến 64 ký tự." {...register('password')} />
        <TextField label="Số điện thoại" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-gray-800">Vai trò</legend>
          <div className="grid grid-cols-2 gap-2">
            {[...STAFF_ROLES].reverse().map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-gray-300 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
              >
                <input type="radio" value={r} {...register('role')} className="accent-brand-700" />
                {ROLE_LABELS[r]}
              </label>
            ))}
          </div>
          {errors.role?.message && <p className="mt-1.5 text-[13px] font-medium text-red-600">{errors.role.message}</p>}
        </fieldset>
      </form>
    </FormDialog>
  );
}
