import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '../ui/lazyPart';
import { visibleCrumbs, type Crumb } from './crumbFit';

/** The menu of the crumbs that do not fit (react-aria overlays): loads only when crumbs do not fit (./lazyParts.tsx preloads it). */
const CrumbMenu = lazyPart(
  () => import('../ui/RoutedCrumbMenu').then((module) => module.default),
  () => <span aria-hidden>…</span>,
);

const separator = (
  <span aria-hidden className="text-gray-400">
    /
  </span>
);
const itemClass = 'flex items-center gap-1';

/**
 * The trail of the current page; the first crumb is the home link (spec section 2). Crumbs that do
 * not fit the header's width in full collapse into the "…" menu (./crumbFit.ts): on a phone the
 * trail reads "… / Parent / Current page", never "Wass… / D. / V…". Each crumb's full width is
 * measured in an invisible copy of the trail, again whenever the header or the copy resizes.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('viewer');
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLOListElement>(null);
  const [visible, setVisible] = useState<boolean[] | null>(null);
  // Measured again when the trail's texts change, not on every render of the page.
  const trail = crumbs.map((crumb) => crumb.label).join('\n');
  useLayoutEffect(() => {
    const fit = () => {
      const items = [...(measure.current?.children ?? [])].map((item) => item.getBoundingClientRect().width + 4);
      const menu = items.pop() ?? 0;
      const next = visibleCrumbs(items.length, { crumbs: items, menu, available: nav.current?.clientWidth ?? 0 });
      setVisible((shown) => (shown?.join() === next.join() ? shown : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    for (const node of [nav.current, measure.current]) if (node) observer.observe(node);
    return () => observer.disconnect();
  }, [trail]);

  const shown = visible?.length === crumbs.length ? visible : visibleCrumbs(crumbs.length);
  // The ancestors that do not show (the current page is never a link: it stays out of the menu).
  const collapsed = crumbs.slice(0, -1).filter((_, i) => !shown[i]);
  const items: ReactNode[] = [];
  crumbs.forEach((crumb, i) => {
    const last = i === crumbs.length - 1;
    if (crumb === collapsed[0]) {
      items.push(
        <li key="more" className={`${itemClass} shrink-0`}>
          {items.length ? separator : null}
          <CrumbMenu crumbs={collapsed} label={t('nav.moreCrumbs')} />
        </li>,
      );
    }
    if (!shown[i]) return;
    items.push(
      <li key={crumb.to} className={`${itemClass} ${last ? 'min-w-0' : 'shrink-0'}`}>
        {items.length ? separator : null}
        {last ? (
          <span aria-current="page" className="truncate font-medium text-gray-900">
            {crumb.label}
          </span>
        ) : (
          <Link to={crumb.to} className="rounded whitespace-nowrap hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600">
            {crumb.label}
          </Link>
        )}
      </li>,
    );
  });
  return (
    <nav ref={nav} aria-label={t('nav.breadcrumbs')} className="relative min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-gray-600">{items}</ol>
      {/* Every crumb at full width, then the menu button: measured, never seen (nor scrolled to: the box
          around it is empty). The texts are drawn by CSS from data-label, so they are not in the document twice. */}
      <div className="absolute top-0 start-0 h-0 w-0 overflow-hidden">
        <ol ref={measure} aria-hidden className="invisible flex w-max gap-1 text-sm whitespace-nowrap">
          {[...crumbs.map((crumb) => crumb.label), '…'].map((label, i) => (
            <li key={i} className={`${itemClass} ${i === crumbs.length - 1 ? 'font-medium' : ''}`}>
              {i > 0 ? separator : null}
              <span data-label={label} className={`before:content-[attr(data-label)] ${i === crumbs.length ? 'px-1' : ''}`} />
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
