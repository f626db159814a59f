import { XIcon } from 'lucide-react';

/** The round close button of a dialog's corner. */
export function CloseButton({ onClick, label = 'Đóng', disabled, className = '' }: { onClick: () => void; label?: string; disabled?: boolean; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      disabled={disabled}
      className={`grid size-9 shrink-0 place-items-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 ${className}`}
    >
      <XIcon size={18} />
    </button>
  );
}
