/** A small circular spinner; decorative, the surrounding text says what is loading. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}

/** A centred loading block with a visible text, announced politely to screen readers. */
export function LoadingBlock({ text = 'Đang tải…', className = '' }: { text?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 py-16 text-sm text-gray-500 ${className}`}>
      <Spinner className="size-5 text-brand-700" />
      <span>{text}</span>
    </div>
  );
}
