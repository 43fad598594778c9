import { useTranslation } from '../../i18n/react';
import { addCatalogueTexts } from '../../i18n/resources/catalogue';

/** `useTranslation('catalogue')` with the collection's and the search surfaces' texts added (they travel with these chunks). */
export function useCatalogueTexts(): ReturnType<typeof useTranslation> {
  const translation = useTranslation('catalogue');
  addCatalogueTexts(translation.i18n);
  return translation;
}
