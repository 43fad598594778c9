export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest rectangle of aspect `aspect` (width / height) inside a `width`×`height` image,
 * placed so the focus point (`fx`, `fy` as fractions 0..1 of the image) sits as close to its
 * centre as the image edges allow.
 */
export function focusCrop(width: number, height: number, aspect: number, fx: number, fy: number): CropRect {
  const cropWidth = Math.max(1, Math.min(width, Math.round(height * aspect)));
  const cropHeight = Math.max(1, Math.min(height, Math.round(width / aspect)));
  return {
    left: placeAround(fx * width, cropWidth, width),
    top: placeAround(fy * height, cropHeight, height),
    width: cropWidth,
    height: cropHeight,
  };
}

function placeAround(centre: number, size: number, total: number): number {
  const start = Math.round(centre - size / 2);
  return Math.min(Math.max(start, 0), total - size);
}
