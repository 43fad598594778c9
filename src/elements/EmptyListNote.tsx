import { useTranslation } from '../../i18n/react';

/** What a list with no entries shows (spec section 8: No content.). */
export function EmptyListNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation('viewer');
  return <p className={`text-gray-500 ${className}`}>{t('list.empty')}</p>;
}
