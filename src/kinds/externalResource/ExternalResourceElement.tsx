import { useTranslation } from '../../../i18n/react';
import type { IFrame } from '../../../model/elements';
import { NavigationCard, navigationCardClass } from '../../../paint/NavigationCard';
import type { ElementProps } from '../../../paint/elementProps';
import { useProgress } from '../../elements/viewerContext';
import { EXTERNAL_RESOURCE_TEXTS } from './externalResource.texts';

/**
 * An external resource (IFrame): a card linking relatively to `iframe/{id}`, where the embedded-page
 * screen shows it. Pages are addressed with a trailing slash, so the relative link stays below the page.
 */
export function ExternalResourceElement({ element }: ElementProps<IFrame>) {
  const { t } = useTranslation(EXTERNAL_RESOURCE_TEXTS);
  const progress = useProgress(element);
  return (
    <a href={`iframe/${encodeURIComponent(element.id)}`} className={navigationCardClass} data-testid="external-resource">
      <NavigationCard
        cover={element.cover}
        title={element.title}
        description={element.description}
        duration={element.duration ? t('duration', { duration: element.duration }) : undefined}
        progress={progress}
      />
    </a>
  );
}
