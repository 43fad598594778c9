import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RESULTS_SEGMENT } from '../../model/resultsAddress';
import { useTranslation } from '../../i18n/react';
import type { Material } from '../../model/material';
import { CopyrightNotice } from './CopyrightNotice';
import { ErrorView } from './ErrorView';
import { Header } from './Header';
import { usePageData } from '../../paint/PageDataContext';

type PageNotFoundProps = {
  material: Material;
  /** Router path of the material ('' on a material share, '/{publicId}' inside a collection): its start is `${base}/`. */
  base: string;
  showHeader: boolean;
};

const ResultsPage = lazy(() => import('../results/ResultsPage'));

/**
 * A path below a material that names no page of it (a mistyped or outdated chapter link): the
 * not-found view inside the viewer, with the header (back arrow to the course start, progress,
 * language) and a link to the course start. On a material share, `_results/` (which names no chapter)
 * is the teacher's results screen under the same header: reached through this lazy part, the first
 * route carries no code of it.
 */
export function PageNotFound({ material, base, showHeader }: PageNotFoundProps) {
  const { t } = useTranslation('viewer');
  const { baseUrl } = usePageData();
  const start = `${base}/`;
  if (base === '' && location.pathname.replace(/\/?$/, '/') === `${baseUrl}/${RESULTS_SEGMENT}/`) {
    return (
      <Suspense fallback={null}>
        <ResultsPage header={showHeader ? <Header crumbs={[{ label: material.title, to: start }]} backTo={start} material={material} /> : null} />
      </Suspense>
    );
  }
  return (
    <>
      {showHeader ? <Header crumbs={[{ label: material.title, to: start }]} backTo={start} material={material} /> : null}
      <ErrorView status={404} belowHeader={showHeader}>
        <Link
          to={start}
          data-testid="course-start"
          className="rounded-md bg-primary-600 px-4 py-2 text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          {t('errors.toCourseStart')}
        </Link>
      </ErrorView>
      <CopyrightNotice />
    </>
  );
}
