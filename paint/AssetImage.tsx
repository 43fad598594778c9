import { LAZY_LOAD_FALLBACK_RATIO, LAZY_LOAD_FALLBACK_WIDTH } from '../model/constants';
import { assetUrl } from '../model/assetUrl';
import type { Asset } from '../model/common';
import { useAssetBase } from './PageDataContext';
import { ImageError, useImageFailure } from './ImageError';

export type AssetImageProps = {
  asset: Asset;
  alt: string;
  /** Width / height of the frame; undefined keeps the image's natural ratio. */
  ratio?: number;
  /** contain shows the whole image; cover fills the frame around the asset's focus point. */
  fit?: 'contain' | 'cover';
  sizes?: string;
  /** Load at once (the visible slide of a gallery); otherwise the browser loads it lazily. */
  eager?: boolean;
  className?: string;
};

const CONTENT_SIZES = '(min-width: 1024px) 792px, (min-width: 640px) 696px, 100vw';

/** An asset in the img-700/img-1400 presets, lazily loaded, with the image-error placeholder on failure. */
export function AssetImage({ asset, alt, ratio, fit = 'contain', sizes = CONTENT_SIZES, eager = false, className = '' }: AssetImageProps) {
  const base = useAssetBase();
  const src = assetUrl(base, asset, 'img-1400');
  const [failed, onError] = useImageFailure(src);
  const position = `${(asset.focus?.x ?? 0.5) * 100}% ${(asset.focus?.y ?? 0.5) * 100}%`;
  const frameStyle = { aspectRatio: String(ratio ?? LAZY_LOAD_FALLBACK_RATIO) };

  if (failed) {
    return <ImageError className={`rounded-md ${className}`} style={frameStyle} />;
  }

  const img = (
    <img
      src={src}
      srcSet={`${assetUrl(base, asset, 'img-700')} 700w, ${assetUrl(base, asset, 'img-1400')} 1400w`}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      // Until the natural size is known, reserve the lazy-load fallback box (300 px wide at 4:3).
      width={asset.width ?? LAZY_LOAD_FALLBACK_WIDTH}
      height={asset.height ?? Math.round(LAZY_LOAD_FALLBACK_WIDTH / LAZY_LOAD_FALLBACK_RATIO)}
      onError={onError}
      className={ratio ? `absolute inset-0 h-full w-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}` : `block h-auto w-full ${className}`}
      style={ratio && fit === 'cover' ? { objectPosition: position } : undefined}
    />
  );
  if (!ratio) return img;
  return (
    <div className={`relative w-full overflow-hidden bg-gray-50 ${className}`} style={frameStyle}>
      {img}
    </div>
  );
}
