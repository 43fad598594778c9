import { useTranslation } from '../i18n/react';
import type { IFrame } from '../model/elements';

const DISPLAYABLE = /^(https?:)?\/\//i;

/**
 * Full-page display of an external resource (spec section 2, Embedded-page screen). Its title is the page's h1,
 * read by assistive technology only (the header's breadcrumb shows it to everyone).
 */
export function EmbeddedPage({ resource }: { resource: IFrame }) {
  const { t } = useTranslation('elements');
  const heading = <h1 className="sr-only">{resource.title}</h1>;
  if (!DISPLAYABLE.test(resource.url)) {
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
        src={resource.url}
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
