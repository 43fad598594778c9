import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Icon } from './Icon';

/**
 * Whether the image at `src` failed to load, and the `onError` to give its img. Keyed by the address,
 * so an image that changes (the next page's cover) is tried again.
 */
export function useImageFailure(src: string): [failed: boolean, onError: () => void] {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return [failedSrc === src, () => setFailedSrc(src)];
}

/**
 * What stands in for an image that failed to load (spec section 8): the broken-image icon and the
 * image-error text, filling the image's frame. A decorative image's stand-in is hidden from assistive
 * technology, as the image was; an informative one is an image named by the error.
 */
export function ImageError({ decorative = false, className = '', style }: { decorative?: boolean; className?: string; style?: CSSProperties }) {
  const { t } = useTranslation('elements');
  const named = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('imageError') };
  return (
    <div
      {...named}
      data-state="error"
      data-testid="image-error"
      className={`flex w-full flex-col items-center justify-center gap-2 bg-gray-100 p-4 text-center text-sm text-gray-600 ${className}`}
      style={style}
    >
      <Icon name="image-broken" className="size-8" strokeWidth={1.5} />
      <span>{t('imageError')}</span>
    </div>
  );
}

/**
 * A decorative image, loaded lazily and without a referrer (it may be another site's), that steps aside
 * when it fails to load: `fallback` (or nothing) shows instead.
 */
export function DecorativeImage({ src, className, fallback = null }: { src: string; className: string; fallback?: ReactNode }) {
  const [failed, onError] = useImageFailure(src);
  return failed ? fallback : <img src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={onError} className={className} />;
}
