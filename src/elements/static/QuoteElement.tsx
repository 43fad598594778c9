import { useTranslation } from '../../i18n/react';
import type { ElementOf } from '../../model/elements';
import type { ElementProps } from '../registry';

/** A quote with its author; empty fields show the spec's placeholders. */
export function QuoteElement({ element }: ElementProps<ElementOf<'Quote'>>) {
  const { t } = useTranslation('elements');
  const text = element.text.trim();
  const author = element.author.trim();
  return (
    <figure className="my-6 border-l-4 border-primary-600 py-1 pl-5">
      <blockquote className={`text-xl leading-relaxed sm:text-2xl ${text ? 'text-gray-900' : 'text-gray-400 italic'}`} data-placeholder={text ? undefined : ''}>
        <p className="whitespace-pre-line">
          {text ? (
            <>
              <span aria-hidden>{t('quoteOpen')}</span>
              {text}
              <span aria-hidden>{t('quoteClose')}</span>
            </>
          ) : (
            t('quotePlaceholder')
          )}
        </p>
      </blockquote>
      <figcaption className={`mt-3 text-sm font-medium ${author ? 'text-gray-600' : 'text-gray-400 italic'}`} data-placeholder={author ? undefined : ''}>
        <span aria-hidden>— </span>
        {author || t('authorPlaceholder')}
      </figcaption>
    </figure>
  );
}
