import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../model/assetUrl';
import type { IFrame } from '../../model/elements';
import { SafeHtml } from '../../ui/SafeHtml';
import { useAssetBase } from '../../viewer/PageDataContext';
import type { ElementProps } from '../registry';

/**
 * An external resource (IFrame): a card linking relatively to `iframe/{id}`, where the embedded-page
 * screen shows it. Pages are addressed with a trailing slash, so the relative link stays below the page.
 */
export function ExternalResourceElement({ element }: ElementProps<IFrame>) {
  const { t } = useTranslation('elements');
  const base = useAssetBase();
  return (
    <a
      href={`iframe/${encodeURIComponent(element.id)}`}
      className="group my-4 flex overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-primary-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      data-testid="external-resource"
    >
      {element.cover ? (
        <img src={assetUrl(base, element.cover, 'card-300')} alt="" loading="lazy" className="hidden w-40 shrink-0 object-cover sm:block" />
      ) : (
        <div aria-hidden className="hidden w-3 shrink-0 bg-primary-600 sm:block" />
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-gray-900 group-hover:text-primary-700">{element.title}</span>
        {element.description ? <SafeHtml as="span" html={element.description} className="line-clamp-3 text-sm text-gray-600" /> : null}
        {element.duration ? <span className="text-xs text-gray-500">{t('externalResource.duration', { duration: element.duration })}</span> : null}
      </span>
      <span aria-hidden className="flex items-center pr-4 text-2xl text-gray-400 group-hover:text-primary-600">›</span>
    </a>
  );
}
