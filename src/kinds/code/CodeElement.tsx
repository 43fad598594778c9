import { useEffect, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useTranslation } from '../../../i18n/react';
import { CODE_FONT_SIZE, CODE_MAX_LINES, COPY_NOTICE_MS } from '../../../model/constants';
import type { ElementOf } from '../../../model/elements';
import { Button } from '../../ui/Button';
import type { ElementProps } from '../../../paint/elementProps';
import { codeLanguages } from './codeLanguages';
import { Icon } from '../../../paint/Icon';
import { withTooltip } from '../../ui/withTooltip';
import { CODE_TEXTS } from './code.texts';

// highlight.js loads only when code is on the page; the plain text shows meanwhile.
const HighlightedCode = lazyPart(
  () => import('./HighlightedCode').then((module) => module.default),
  ({ code }) => code,
);

const LINE_HEIGHT = Math.round(CODE_FONT_SIZE * 1.5);
const PADDING = 16;

type CopyState = 'idle' | 'copied' | 'failed';

/** Read-only source code: language label, copy button, at most 20 lines visible before it scrolls. */
export function CodeElement({ element }: ElementProps<ElementOf<'Code'>>) {
  const { t } = useTranslation(CODE_TEXTS);
  const language = codeLanguages[element.mode] ?? codeLanguages.javascript;
  const label = language.label ?? t('languageText');
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyCode = () => {
    if (!navigator.clipboard) {
      setCopy('failed');
      return;
    }
    navigator.clipboard.writeText(element.content).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <div className="my-4 overflow-hidden rounded-lg border border-gray-200 bg-white" data-language={element.mode}>
      <div className="flex items-center justify-between gap-2 border-b border-gray-200 bg-white px-3 py-1.5">
        <span className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</span>
        <div className="flex items-center gap-2">
          <span role="status" className="text-xs text-gray-600">
            {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
          </span>
          <Button variant="quiet" onPress={copyCode} aria-label={t('copy')} {...withTooltip}>
            <Icon name="copy" className="size-4" />
          </Button>
        </div>
      </div>
      <pre
        tabIndex={0}
        aria-label={t('label', { language: label })}
        className="overflow-auto font-mono text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600"
        style={{ fontSize: CODE_FONT_SIZE, lineHeight: `${LINE_HEIGHT}px`, maxHeight: CODE_MAX_LINES * LINE_HEIGHT + 2 * PADDING, padding: PADDING }}
      >
        <code className="hljs overflow-visible! bg-transparent! p-0!">
          <HighlightedCode code={element.content} language={language.hljs} />
        </code>
      </pre>
    </div>
  );
}
