import { useEffect } from 'react';
import type { Chapter } from '../../model/elements';
import type { Material } from '../../model/material';
import { useProgress } from '../elements/viewerContext';
import { useTranslation } from '../../i18n/react';
import { announcePolitely } from '../ui/liveAnnouncer';
import { useBecameTrue } from '../ui/useBecameTrue';

/**
 * Tells screen readers of the learner's milestones, once, as they happen: the open chapter complete,
 * the whole material complete (WCAG 4.1.3; sighted learners see the progress rings fill). Progress
 * restored with the page is not announced.
 */
export function ProgressAnnouncer({ page, material }: { page: Chapter | Material; material: Material }) {
  const { t } = useTranslation('questions');
  const pageDone = useBecameTrue(useProgress(page) >= 1) && page !== material;
  const materialDone = useBecameTrue(useProgress(material) >= 1);
  useEffect(() => {
    if (pageDone) announcePolitely(t('milestones.pageDone', { title: page.title }));
    if (materialDone) announcePolitely(t('milestones.materialDone', { title: material.title }));
  }, [pageDone, materialDone, page.title, material.title, t]);
  return null;
}
