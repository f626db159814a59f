import { useState } from 'react';
import { LoginRequiredDialog } from '../../../components/LoginRequiredDialog.tsx';
import { useAuth } from '../../auth/useAuth.ts';

/** Runs an action for a signed-in user, or opens the login-needed dialog for a guest. */
export function useLoginGate(reason: string) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const gate = (action: () => void) => {
    if (user) action();
    else setOpen(true);
  };
  const dialog = <LoginRequiredDialog open={open} onClose={() => setOpen(false)} reason={reason} />;
  return { user, gate, dialog };
}
