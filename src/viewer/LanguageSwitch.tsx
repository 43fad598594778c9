import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import type { Lang } from '../../model/pageData';

const LANGS: { code: Lang; label: string }[] = [
  { code: 'de', label: 'DE' },
  { code: 'en', label: 'EN' },
];

/**
 * Switches the interface language; other than the default (de) it is kept as `?lang=` in the URL (see
 * routes/root.tsx). On a phone only the other language's button shows: the header has no room for both.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('viewer');
  const navigate = useNavigate();
  return (
    <div role="group" aria-label={t('language')} className="flex shrink-0 overflow-hidden rounded-md border border-gray-300 text-xs font-medium">
      {LANGS.map(({ code, label }) => {
        const active = i18n.language === code;
        return (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={active}
            onClick={() => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, lang: code }), resetScroll: false })}
            className={`px-2 py-1 focus-visible:outline-2 focus-visible:outline-primary-600 ${active ? 'hidden bg-primary-600 text-white sm:block' : 'bg-white text-gray-700 hover:bg-gray-100'}`}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
