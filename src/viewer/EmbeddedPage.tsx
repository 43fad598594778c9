import { useTranslation } from 'react-i18next';
import type { IFrame } from '../model/elements';

const DISPLAYABLE = /^(https?:)?\/\//i;

/** Full-page display of an external resource (spec section 2, Embedded-page screen). */
export function EmbeddedPage({ resource }: { resource: IFrame }) {
  const { t } = useTranslation('elements');
  if (!DISPLAYABLE.test(resource.url)) {
    return (
      <p className="container-content py-10 text-red-700" role="alert">
        {t('urlNotDisplayable', { url: resource.url, defaultValue: 'This URL can not be displayed: {{url}}' })}
      </p>
    );
  }
  return (
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
  );
}
