import type { PageData } from '../../model/pageData';
import { usePageData } from '../../paint/PageDataContext';

/**
 * The settings' copyright notice, or null where it is not shown: in preview (authors checking their
 * work) and in private mode — a private share, or the PRIVATE_MODE flag (spec section 6: private or
 * preview mode hides it).
 */
export function copyrightNoticeOf({ settings, preview, shareSettings, featureFlags }: PageData): string | null {
  const notice = settings.copyrightNotice?.trim();
  if (!notice || preview || shareSettings.private || featureFlags.PRIVATE_MODE) return null;
  return notice;
}

/**
 * The page's footer with the copyright notice of the settings (spec sections 3 and 6); printed with
 * the page. `className` sets its width (the material's text column by default). It takes little
 * room: it moves up into the footer navigation's bottom margin, so the page below the content stays
 * short (a narrow, tall window can count the page read from its position alone, spec section 4).
 */
export function CopyrightNotice({ className = 'container-content' }: { className?: string }) {
  const notice = copyrightNoticeOf(usePageData());
  if (!notice) return null;
  return (
    <footer className={`${className} -mt-6 pb-4 text-xs text-gray-500`} data-testid="copyright-notice">
      <p>{notice}</p>
    </footer>
  );
}
