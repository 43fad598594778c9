import { useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { certificateMachine } from './certificate.machine';
import { connectCertificate } from './certificate.connect';
import { sameProps } from '../../../machines/connect';
import { certificateVisitor, issuesOnSight } from '../../certificate/visitor';
import { formatCertificateDate } from '../../../i18n';
import { assetUrl } from '../../../model/assetUrl';
import type { Certificate } from '../../../model/elements';
import { Lang } from '../../../model/pageData';
import { SafeHtml } from '../../../paint/SafeHtml';
import { PageDataContext, useAssetBase } from '../../../paint/PageDataContext';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import type { CertificateActor } from './certificateActor';
import { CertificateDownload } from './CertificateDownload';
import { useElementHeadingLevel } from '../../elements/static/elementHeadingLevel';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './certificate.machine';

/** A certificate: title, description, issue date, validity, logo, and its PDF download. */
export function CertificateElement({ element }: ElementProps<Certificate>) {
  return (
    <ElementActor id={element.id} machine={certificateMachine} input={{ element }}>
      {(actor) => <CertificateView element={element} actor={actor} />}
    </ElementActor>
  );
}

/**
 * Issues the certificate the first time it scrolls into view for a visitor who receives it on
 * sight: a logged-in user or a guest with a session (spec section 4, Certificate). When a guest
 * session appears later, the effect runs again and the observer reports the element if it is seen.
 */
function useIssueWhenVisible(actor: CertificateActor, issued: boolean, onSight: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (issued || !onSight || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        actor.send({ type: 'certificate.issue', issueDate: new Date().toISOString() });
        observer.disconnect();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [actor, issued, onSight]);
  return ref;
}

export function CertificateView({ element, actor }: { element: Certificate; actor: CertificateActor }) {
  const { t, i18n } = useTranslation('questions');
  const assetBase = useAssetBase();
  const visitor = certificateVisitor(useContext(PageDataContext));
  const { issueDate, dataState } = useSelector(actor, connectCertificate, sameProps);
  const ref = useIssueWhenVisible(actor, issueDate !== null, issuesOnSight(visitor));
  const titleId = useId();
  const Title = `h${useElementHeadingLevel()}` as const;
  const lang = Lang.catch('de').parse(i18n.language);
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      data-state={dataState}
      data-visitor={visitor.kind}
      className="my-8 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      {element.logo ? <img src={assetUrl(assetBase, element.logo, 'logo')} alt="" className="h-12 w-auto self-start object-contain" /> : null}
      <Title id={titleId} className="text-xl font-semibold">{element.title}</Title>
      {element.description.trim() ? <SafeHtml html={element.description} className="text-gray-700" /> : null}
      {issueDate ? <p data-issue-date={issueDate}>{t('certificate.issuedOn', { date: formatCertificateDate(issueDate, lang) })}</p> : null}
      {element.validity ? <p className="text-sm text-gray-600">{t('certificate.validity', { validity: element.validity })}</p> : null}
      <CertificateDownload element={element} actor={actor} visitor={visitor} issueDate={issueDate} />
    </section>
  );
}
