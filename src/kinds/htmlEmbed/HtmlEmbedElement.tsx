import { useMemo, type HTMLAttributeReferrerPolicy } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ElementOf } from '../../../model/elements';
import { EMBED_DEFAULT_RATIO } from '../../../model/embedProviders';
import { embedFrame } from '../../../model/sanitize';
import { useIdentityFilled } from '../../viewer/useIdentityFilled';
import type { ElementProps } from '../../../paint/elementProps';
import { HTML_EMBED_TEXTS } from './htmlEmbed.texts';

/**
 * Embed code, accepted only as one iframe (spec section 5); anything else renders nothing. Its URL's
 * identity placeholders are filled in as a link/embed element's are, and it may go full screen (the
 * embeds' default, spec section 9).
 */
export function HtmlEmbedElement({ element }: ElementProps<ElementOf<'HtmlElement'>>) {
  const { t } = useTranslation(HTML_EMBED_TEXTS);
  const frame = useMemo(() => embedFrame(element.content.html), [element.content.html]);
  const src = useIdentityFilled(frame?.src ?? '');
  if (!frame) return null;
  const ratio = frame.width && frame.height ? frame.width / frame.height : EMBED_DEFAULT_RATIO;
  return (
    <div className="relative my-4 w-full overflow-hidden rounded-lg bg-gray-100" style={{ aspectRatio: String(ratio) }}>
      <iframe
        src={src}
        title={frame.title || element.title || t('title')}
        allow={frame.allow}
        allowFullScreen
        sandbox={frame.sandbox}
        referrerPolicy={frame.referrerPolicy as HTMLAttributeReferrerPolicy | undefined}
        loading="lazy"
        className="absolute inset-0 h-full w-full border-0"
      />
    </div>
  );
}
