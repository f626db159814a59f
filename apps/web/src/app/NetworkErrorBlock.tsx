import { buttonClass } from '../components/ui/Button.tsx';
import { NETWORK_ERROR_TEXT } from '../api/client.ts';

/** The server cannot be reached: the Vietnamese message and a retry that stays on the page (no full reload). */
export function NetworkErrorBlock({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-xl font-bold text-gray-900">Mất kết nối</h1>
      <p className="mt-2 text-gray-600">{NETWORK_ERROR_TEXT}</p>
      <button type="button" onClick={onRetry} className={`${buttonClass('primary', 'md')} mt-6`}>
        Thử lại
      </button>
    </div>
  );
}
