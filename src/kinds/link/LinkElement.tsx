import { useContext } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { EmbedMetadata } from '../../../model/embedMetadata';
import { recogniseEmbed } from '../../../model/embedProviders';
import type { ElementOf } from '../../../model/elements';
import { PageDataContext } from '../../../paint/PageDataContext';
import { useIdentityFilled } from '../../viewer/useIdentityFilled';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { hostOf, isDisplayableUrl } from './embeddableUrl';
import { proseClasses } from '../../../paint/proseClasses';
import { useEmbedMetadata } from './useEmbedMetadata';
import { DecorativeImage } from '../../../paint/ImageError';
import { Icon } from '../../../paint/Icon';
import { LINK_TEXTS } from './link.texts';

type LinkElementData = ElementOf<'Link'>;

/**
 * An embedded frame, a link card or a plain link to an external URL. An embed shows what its
 * provider makes of the URL (model/embedProviders.ts), with the viewer's identity placeholders
 * filled in (model/identityPlaceholders.ts); a card adds the page's title, description, icon
 * and thumbnail from the embed-metadata lookup once they arrive (none on a failure).
 */
export function LinkElement({ element }: ElementProps<LinkElementData>) {
  const { t } = useTranslation(LINK_TEXTS);
  const pageData = useContext(PageDataContext);
  const url = element.url.trim();
  const embed = element.mode === 'embed' ? recogniseEmbed(url) : null;
  const metadataSource = element.mode === 'card' && pageData?.share ? { apiBase: pageData.api.base, share: pageData.share.publicId } : null;
  const metadata = useEmbedMetadata(url, isDisplayableUrl(url) ? metadataSource : null);
  const embedSrc = useIdentityFilled(embed?.src ?? '');
  if (element.mode === 'embed' ? !embed : !isDisplayableUrl(url)) {
    return (
      <p role="note" className="my-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm break-all text-amber-900" data-state="not-displayable">
        {t('elements:urlNotDisplayable', { url })}
      </p>
    );
  }
  const host = hostOf(embed?.provider === 'iframe' ? embed.src : url);
  const caption = element.caption ? <SafeHtml as="figcaption" html={element.caption} className={`mt-2 text-sm text-gray-600 ${proseClasses}`} /> : null;
  const linkTarget = element.openInCurrentTab ? { target: '_self' } : { target: '_blank', rel: 'noopener noreferrer' };

  if (embed) {
    return (
      <figure className="my-4">
        <div className="relative w-full overflow-hidden rounded-lg bg-gray-100" style={{ aspectRatio: String(element.aspectRatio ?? embed.ratio) }}>
          <iframe
            src={embedSrc}
            title={element.text || element.title || embed.title || t('embedTitle', { host })}
            loading="lazy"
            allowFullScreen={embed.allowFullscreen}
            allow={embed.allow}
            data-provider={embed.provider}
            className="absolute inset-0 h-full w-full border-0"
          />
        </div>
        {caption}
      </figure>
    );
  }

  if (element.mode === 'url') {
    return (
      <p className="my-3">
        <a href={url} {...linkTarget} className="font-medium break-words text-primary-700 underline underline-offset-2 hover:text-primary-900 focus-visible:outline-2 focus-visible:outline-primary-600">
          {element.text || element.title || url}
          {element.openInCurrentTab ? null : <span className="sr-only"> {t('opensNewTab')}</span>}
        </a>
      </p>
    );
  }

  const found = cardTexts(metadata);
  return (
    <figure className="my-4">
      <a
        href={url}
        {...linkTarget}
        data-state="card"
        data-metadata={found.title || found.description || found.image ? 'found' : 'none'}
        className="group flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-primary-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      >
        <span aria-hidden className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-primary-50 text-primary-700">
          {found.image ? <DecorativeImage src={found.image} className="size-full object-cover" fallback={<Icon name="link" className="size-6" />} /> : <Icon name="link" className="size-6" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold text-gray-900 group-hover:text-primary-700">{element.text || found.title || element.title || host}</span>
          {found.description ? <span className="line-clamp-2 text-sm text-gray-600">{found.description}</span> : null}
          <span className="truncate text-sm text-gray-500">{host}</span>
        </span>
        <span aria-hidden className="text-xl text-gray-400 group-hover:text-primary-600">↗</span>
        {element.openInCurrentTab ? null : <span className="sr-only">{t('opensNewTab')}</span>}
      </a>
      {caption}
    </figure>
  );
}

/** What a card shows of the lookup's answer: its title, description, and a thumbnail (else an icon). */
function cardTexts({ meta, links }: EmbedMetadata): { title?: string; description?: string; image?: string } {
  return { title: meta?.title, description: meta?.description, image: links?.thumbnail?.[0]?.href ?? links?.icon?.[0]?.href };
}
