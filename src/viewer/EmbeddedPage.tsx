import { useTranslation } from '../../i18n/react';
import type { IFrame } from '../../model/elements';
import { recogniseEmbed } from '../../model/embedProviders';
import { useIdentityFilled } from './useIdentityFilled';

/**
 * Full-page display of an external resource (spec section 2, Embedded-page screen). Its title is the page's h1,
 * read by assistive technology only (the header's breadcrumb shows it to everyone). A page of a service the
 * embeds know (a video's watch page, a flashcard set) shows as that service's embed, since such pages refuse
 * frames; identity placeholders are filled in as in every embed URL (spec section 5).
 */
export function EmbeddedPage({ resource }: { resource: IFrame }) {
  const { t } = useTranslation('elements');
  const embed = recogniseEmbed(resource.url);
  const src = useIdentityFilled(embed?.src ?? '');
  const heading = <h1 className="sr-only">{resource.title}</h1>;
  if (!embed || embed.provider === 'iframe') {
    return (
      <>
        {heading}
        <p className="container-content py-10 text-red-700" role="alert">
          {t('urlNotDisplayable', { url: resource.url, defaultValue: 'This URL can not be displayed: {{url}}' })}
        </p>
      </>
    );
  }
  return (
    <>
      {heading}
      <iframe
        src={src}
        title={resource.title}
        className="block h-[calc(100vh-3.5rem)] w-full border-0"
        allowFullScreen
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        data-model-name="IFrame"
        id={resource.id}
      />
    </>
  );
}
