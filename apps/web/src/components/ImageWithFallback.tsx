import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { BookOpenIcon } from 'lucide-react';
import { mediaSrcSet, mediaUrl } from '../api/client.ts';

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** Classes of the 'No Image' box (it takes the image's place and size). */
  placeholderClassName?: string;
}

/** An image that shows a 'No Image' placeholder when there is no URL or the file fails to load (spec section 8). */
export function ImageWithFallback({ src, alt, className = '', placeholderClassName, ...rest }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // On a page the server rendered, a file can fail before React listens for the error: look once it does.
  const failedBeforeHydration = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && src) setFailedSrc(src);
    },
    [src],
  );
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (No Image)` : 'No Image'}
        className={`flex flex-col items-center justify-center gap-1.5 bg-gradient-to-br from-gray-100 to-gray-200 text-gray-500 ${placeholderClassName ?? className}`}
      >
        <BookOpenIcon size={28} strokeWidth={1.5} />
        <span className="text-xs font-semibold tracking-wide uppercase">No Image</span>
      </div>
    );
  }
  const { srcSet, ...imgRest } = rest;
  return <img ref={failedBeforeHydration} src={mediaUrl(src)} srcSet={mediaSrcSet(srcSet)} alt={alt} className={className} onError={() => setFailedSrc(src)} {...imgRest} />;
}
