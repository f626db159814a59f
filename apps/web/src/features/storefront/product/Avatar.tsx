const TONES = ['bg-rose-100 text-rose-700', 'bg-amber-100 text-amber-800', 'bg-emerald-100 text-emerald-700', 'bg-sky-100 text-sky-700', 'bg-violet-100 text-violet-700'];

/** A round initial for a reviewer or commenter. */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const tone = TONES[[...name].reduce((n, ch) => n + ch.charCodeAt(0), 0) % TONES.length];
  return (
    <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full font-bold ${tone} ${size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm'}`}>
      {initial}
    </span>
  );
}
