import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { assetUrl } from '../../model/assetUrl';
import { useAssetBase, usePageData } from '../../paint/PageDataContext';
import { useImageFailure } from '../../paint/ImageError';

/** The settings' logo, linking to the configured logo link or to the root of the share. */
export function Logo() {
  const { settings } = usePageData();
  const base = useAssetBase();
  const { t } = useTranslation('viewer');
  const src = settings.logo ? assetUrl(base, settings.logo, 'logo') : '';
  // A logo that fails to load gives way to the product's name, as no logo does.
  const [failed, onError] = useImageFailure(src);
  const image = settings.logo && !failed ? (
    <img src={src} alt={settings.logo.licenseTitle ?? t('header.logo')} onError={onError} className="h-6 w-auto sm:h-8" />
  ) : (
    <span className="text-lg font-bold text-primary-600">Lernwerk</span>
  );
  if (settings.logoLink) {
    return (
      <a href={settings.logoLink} className="flex shrink-0 items-center rounded focus-visible:outline-2 focus-visible:outline-primary-600" aria-label={t('header.logo')}>
        {image}
      </a>
    );
  }
  return (
    <Link to="/" className="flex shrink-0 items-center rounded focus-visible:outline-2 focus-visible:outline-primary-600" aria-label={t('header.logo')}>
      {image}
    </Link>
  );
}
