import { useContext } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ElementOf } from '../../../model/elements';
import { PageDataContext } from '../../../paint/PageDataContext';
import type { ElementProps } from '../../../paint/elementProps';

/**
 * A quote with its author. The spec's placeholders ("Write quote", "Specifiy author") are prompts of
 * the editor: learners never see them. An empty quote shows nothing and a quote without author no
 * caption; only a preview share (authors checking their work) shows the prompts where text is missing.
 */
export function QuoteElement({ element }: ElementProps<ElementOf<'Quote'>>) {
  const { t } = useTranslation('elements');
  const authoring = useContext(PageDataContext)?.preview ?? false;
  const text = element.text.trim();
  const author = element.author.trim();
  if (!text && !authoring) return null;
  return (
    <figure className="my-6 border-s-4 border-primary-600 py-1 ps-5">
      <blockquote className={`text-xl leading-relaxed sm:text-2xl ${text ? 'text-gray-900' : 'text-gray-500 italic'}`} data-placeholder={text ? undefined : ''}>
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
      {author || authoring ? (
        <figcaption className={`mt-3 text-sm font-medium ${author ? 'text-gray-600' : 'text-gray-500 italic'}`} data-placeholder={author ? undefined : ''}>
          <span aria-hidden>— </span>
          {author || t('authorPlaceholder')}
        </figcaption>
      ) : null}
    </figure>
  );
}
