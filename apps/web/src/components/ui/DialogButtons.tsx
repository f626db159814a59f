import type { Ref } from 'react';
import { Button, buttonClass, type ButtonProps } from './Button.tsx';

/**
 * A dialog's 'Huỷ' and its action (the other props are the action button's). In a footer that lays them out, bare;
 * with `row` (its margins), a row of their own under a modal's content: the action above 'Huỷ' on a phone.
 */
export function DialogButtons({
  onCancel,
  cancelText = 'Huỷ',
  cancelRef,
  row,
  busy,
  ...action
}: ButtonProps & { onCancel: () => void; cancelText?: string; cancelRef?: Ref<HTMLButtonElement>; row?: string }) {
  const buttons = (
    <>
      <button ref={cancelRef} type="button" className={buttonClass('outline', 'md')} onClick={onCancel} disabled={busy}>
        {cancelText}
      </button>
      <Button busy={busy} {...action} />
    </>
  );
  if (row === undefined) return buttons;
  return <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${row}`}>{buttons}</div>;
}
