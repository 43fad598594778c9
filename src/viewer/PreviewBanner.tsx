import { useTranslation } from '../../i18n/react';

export function PreviewBanner() {
  const { t } = useTranslation('viewer');
  return (
    <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900 print:hidden">
      {t('preview.banner')}
    </div>
  );
}
