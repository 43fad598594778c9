import type { SVGAttributes } from 'react';
import { ICON_SPRITE_URL } from './iconSpriteUrl';

/** The symbols of the icon sprite (./icons/icons.svg); tests/ui/iconSprite.test.ts keeps the two in step. */
export const ICON_NAMES = [
  'chevron-left',
  'chevron-right',
  'close',
  'check',
  'cross',
  'search',
  'annotations',
  'person',
  'sync',
  'alert',
  'device',
  'copy',
  'link',
  'image-broken',
  'filter',
  'play',
  'pause',
  'material',
  'chapter',
  'question',
  'media',
  'text',
  'heart',
  'heart-filled',
  'print',
  'display',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/**
 * An icon of the sprite, decorative unless `label` names it. Its size and colour come from `className`
 * (the text colour); outlined icons are drawn `strokeWidth` wide in their own units. Other attributes
 * (a `data-` mark) go to the `<svg>`.
 */
export function Icon({ name, strokeWidth = 2, label, ...attributes }: { name: IconName; className: string; strokeWidth?: number; label?: string } & SVGAttributes<SVGSVGElement>) {
  return (
    <svg {...attributes} strokeWidth={strokeWidth} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
