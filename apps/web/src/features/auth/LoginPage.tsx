import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { homePathForRoles, type LoginInput, type loginSchema } from '@nhasach/shared';
import { LockIcon } from 'lucide-react';
import { lazyResolver } from '../../lib/lazyResolver.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { login as loginRequest } from '../../api/auth.ts';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { safeNextPath } from '../../lib/safeNext.ts';
import { canAccess } from '../../app/access.ts';
import { AuthShell } from './AuthShell.tsx';
import { allRoles, type SessionUser } from './session.ts';
import { useAuth } from './useAuth.ts';
import { errorText } from '../../components/ui/errorText.ts';
import { LazyAlert as Alert } from '../../lib/lazyComponent.ts';


type LoginValues = ReturnType<typeof loginSchema.parse>;

/** Where a signed-in user goes: `next` when they may open it, else their role's home (spec section 2). */
export function landingPath(user: SessionUser, next: string | undefined): string {
  return next && canAccess(next, user) ? next : homePathForRoles(allRoles(user));
}

/**
 * /dang-nhap (spec section 2, Login). An admin or sale user who is already signed in is sent to their area;
 * a signed-in user bounced here from a page their role may not open can sign in with another account.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const location = useLocation();
  const state = location.state as { notice?: string; username?: string } | null;
  const { user, login, signOutNotice } = useAuth();
  const toast = useToast();
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  // The server sends this form rendered; until the app runs, its button (and Enter) sends nothing: a plain
  // submit would put the password in the address.
  const hydrated = useHydrated();
  const signIn = useMutation({
    mutationFn: async (values: LoginValues) => {
      const result = await loginRequest(values);
      if (!result?.accessToken) throw new Error('Thiếu accessToken từ BE');
      return result;
    },
    onSuccess: (result) => {
      const signedIn = login(result);
      // The guest cart joined the account's: what had to be cut to the stock follows the greeting.
      toast.show([`Xin chào, ${signedIn.fullName ?? signedIn.name}!`, ...(result.cartMerge?.notices ?? [])].join(' '));
      setJustLoggedIn(true);
    },
  });
  const serverError = signIn.error ? errorText(signIn.error, 'Đăng nhập thất bại.') : undefined;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: lazyResolver(async () => (await import('./resolvers.ts')).loginResolver),
    defaultValues: { username: state?.username ?? '', password: '' },
  });

  if (user && (justLoggedIn || !next || canAccess(next, user))) {
    return <Navigate to={landingPath(user, next)} replace />;
  }

  // The form stays busy until the answer (the mutation shows a refusal).
  const onValid = (values: LoginValues) => signIn.mutateAsync(values).catch(() => undefined);

  const notice = state?.notice ?? signOutNotice;
  return (
    <AuthShell
      title="Đăng nhập"
      icon={<LockIcon size={24} />}
      subtitle="Chào mừng bạn quay lại Nhà Sách."
      footer={
        <>
          Chưa có tài khoản?{' '}
          <Link to="/dang-ky" className="font-semibold text-brand-700 hover:underline">
            Đăng ký ngay
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        {user ? (
          <Alert tone="warning">
            Tài khoản <strong>{user.name}</strong> không có quyền truy cập trang này. Vui lòng đăng nhập bằng tài khoản khác.
          </Alert>
        ) : (
          next && !notice && <Alert tone="info">Vui lòng đăng nhập để tiếp tục.</Alert>
        )}
        {serverError && <Alert>{serverError}</Alert>}
        <TextField
          label="Tên đăng nhập hoặc email"
          autoComplete="username"
          required
          placeholder="Nhập tên đăng nhập hoặc email"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField label="Mật khẩu" autoComplete="current-password" required placeholder="Nhập mật khẩu" error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Link to="/quen-mat-khau" className="text-sm font-medium text-brand-700 hover:underline">
            Quên mật khẩu?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth busy={isSubmitting} disabled={!hydrated} busyText="Đang đăng nhập…">
          Đăng nhập
        </Button>
      </form>
    </AuthShell>
  );
}
