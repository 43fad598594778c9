import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../../paint/Icon';
import { lazyPart } from '../ui/lazyPart';
import { withTooltip } from '../ui/withTooltip';
import { followOtherTabs, syncPreferences } from './preferences';

// This chunk loads with the header of every screen: the page as this browser's preferences want it,
// where the server drew it otherwise (a page the service worker kept, a cookie that went missing), and
// from then on as another tab changes them.
syncPreferences();
followOtherTabs();

// The panel is a chunk of its own: the first route carries only this button.
const DisplayPanel = lazyPart(() => import('./DisplayPanel').then((module) => module.DisplayPanel));

/** The header's Display button (every screen's header; a chunk of its own, ./index.tsx): opens the display panel. */
export default function DisplayButton() {
  const { t } = useTranslation('viewer');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(!open)}
        aria-label={t('header.display')}
        aria-expanded={open}
        {...withTooltip}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600"
        data-testid="open-display"
      >
        <Icon name="display" className="h-5 w-5" />
      </button>
      {open ? <DisplayPanel triggerRef={button} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
