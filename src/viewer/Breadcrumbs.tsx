import { Link } from '@tanstack/react-router';
import { useTranslation } from '../i18n/react';
import { lazy, Suspense } from 'react';

/** The menu of collapsed crumbs (react-aria overlays) loads only when a trail is long. */
const CrumbMenu = lazy(() => import('../ui/RoutedCrumbMenu'));

export type Crumb = { label: string; to: string };

/** Crumbs beyond this many collapse into a menu (first and last two stay visible). */
const MAX_VISIBLE = 4;

/** The trail of the current page; the first crumb is the home link (spec section 2). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('viewer');
  const collapsed = crumbs.length > MAX_VISIBLE ? crumbs.slice(1, -2) : [];
  const visible = collapsed.length ? [crumbs[0], null, ...crumbs.slice(-2)] : crumbs;
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-gray-600">
        {visible.map((crumb, i) => (
          <li key={crumb ? crumb.to : 'more'} className="flex min-w-0 items-center gap-1">
            {i > 0 ? <span aria-hidden className="text-gray-400">/</span> : null}
            {crumb === null ? (
              <Suspense fallback={<span aria-hidden>…</span>}>
                <CrumbMenu crumbs={collapsed} label={t('nav.moreCrumbs')} />
              </Suspense>
            ) : i === visible.length - 1 ? (
              <span aria-current="page" className="truncate font-medium text-gray-900">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.to} className="truncate rounded hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600">
                {i === 0 ? <span>{crumb.label}</span> : crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
