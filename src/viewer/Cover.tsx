import { assetUrl } from '../../model/assetUrl';
import type { Asset } from '../../model/common';
import { useAssetBase } from '../../paint/PageDataContext';
import { ImageError, useImageFailure } from '../../paint/ImageError';

/**
 * The page cover: 288 px high, or a 140 px colour bar when there is no image (spec section 9); an image
 * that fails to load leaves the image-error placeholder in its frame (spec section 8).
 */
export function Cover({ asset, color }: { asset?: Asset | null; color?: string | null }) {
  if (!asset) {
    return <div data-testid="cover-bar" aria-hidden className="h-[140px] w-full bg-primary-600" style={color ? { backgroundColor: color } : undefined} />;
  }
  return <CoverImage asset={asset} />;
}

function CoverImage({ asset }: { asset: Asset }) {
  const base = useAssetBase();
  const src = assetUrl(base, asset, 'cover-1500.webp');
  const [failed, onError] = useImageFailure(src);
  const fx = asset.focus?.x ?? 0.5;
  const fy = asset.focus?.y ?? 0.5;
  return (
    <div className="h-[288px] w-full overflow-hidden bg-gray-100" data-testid="cover">
      {failed ? (
        <ImageError decorative className="h-full" />
      ) : (
        <img
          src={src}
          srcSet={`${assetUrl(base, asset, 'cover-700.webp')} 700w, ${assetUrl(base, asset, 'cover-1500.webp')} 1500w`}
          sizes="100vw"
          alt=""
          className="h-full w-full object-cover"
          style={{ objectPosition: `${fx * 100}% ${fy * 100}%` }}
          onError={onError}
        />
      )}
    </div>
  );
}
