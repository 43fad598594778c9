import { assetUrl } from '../../model/assetUrl';
import type { Asset } from '../../model/common';
import { escapeHtml } from './render';

/*
 * The first paint of a material's page (its root, or a chapter), sent with the html: the header bar, the
 * cover and the title (and the root's description) where the app will draw them, with the app's own classes, and the page's
 * leading elements (./shellContent.tsx). The browser shows it while the app's code and the material
 * load; the app removes it in the same frame as it draws the page (src/viewer/MaterialViewer.tsx),
 * keeping the element frames until its own replace them (src/viewer/shell.ts), so nothing jumps or
 * flashes.
 */

/** What the shell shows of a material: fields of its root row (the description is stored sanitised). */
export interface ShellMaterial {
  title: string;
  description?: string;
  cover?: Asset;
  color?: string;
  /** No cover at all, not even the coloured bar (a chapter with `hideHeaderImage`). */
  hideCover?: boolean;
}

/** What the shell shows of a material, from its root's fields (those of the stored row, or the material as sent). */
export function shellMaterialOf(fields: Record<string, unknown>): ShellMaterial {
  const { title, description, cover, color } = fields as { title?: unknown; description?: unknown; cover?: unknown; color?: unknown };
  return {
    title: typeof title === 'string' ? title : '',
    description: typeof description === 'string' ? description : undefined,
    cover: cover && typeof cover === 'object' && typeof (cover as Asset).file === 'string' ? (cover as Asset) : undefined,
    color: typeof color === 'string' && /^#[0-9a-fA-F]{6}$/.test(color) ? color : undefined,
  };
}

/** The page cover: the image in both widths, or the coloured bar (src/viewer/Cover.tsx); also the collection's (./collectionShell.ts). */
export function coverHtml(material: ShellMaterial, assetsBase: string): string {
  if (material.hideCover) return '';
  if (!material.cover) {
    const style = material.color ? ` style="background-color:${material.color}"` : '';
    return `<div aria-hidden="true" class="h-[140px] w-full bg-primary-600"${style}></div>`;
  }
  const asset = material.cover;
  const position = `${(asset.focus?.x ?? 0.5) * 100}% ${(asset.focus?.y ?? 0.5) * 100}%`;
  const src = (preset: 'cover-700.webp' | 'cover-1500.webp') => escapeHtml(assetUrl(assetsBase, asset, preset));
  return (
    `<div class="h-[288px] w-full overflow-hidden bg-gray-100"><img src="${src('cover-1500.webp')}" ` +
    `srcset="${src('cover-700.webp')} 700w, ${src('cover-1500.webp')} 1500w" sizes="100vw" alt="" ` +
    `class="h-full w-full object-cover" style="object-position:${position}"></div>`
  );
}

/**
 * The shell's html (`#shell`, before the app's `#root`); `contentHtml` is the page's leading elements (./shellContent.tsx);
 * `contentLang` the material's language where it differs in direction from the interface's (model/contentDirection.ts).
 */
export function materialShellHtml(material: ShellMaterial, options: { assetsBase: string; header: boolean; contentHtml?: string; contentLang?: string | null }): string {
  const header = options.header ? '<div class="sticky top-0 z-30 h-14 border-b border-gray-200 bg-white"></div>' : '';
  const description = material.description?.trim() ? `<div class="mb-8 text-lg text-gray-600">${material.description}</div>` : '';
  return (
    `<div id="shell">${header}<main${options.contentLang ? ` lang="${escapeHtml(options.contentLang)}"` : ''}><div class="pb-4">${coverHtml(material, options.assetsBase)}` +
    `<div class="container-content pt-8"><h1 class="mb-6 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">${escapeHtml(material.title)}</h1>` +
    `${description}</div>${options.contentHtml ? `<div class="content-flow" data-shell-content="">${options.contentHtml}</div>` : ''}</div></main></div>`
  );
}
