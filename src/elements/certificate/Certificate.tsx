import { useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { certificateMachine } from '../../../machines/elements/certificate';
import { formatCertificateDate } from '../../i18n';
import { assetUrl } from '../../model/assetUrl';
import type { Certificate } from '../../model/elements';
import { Lang } from '../../model/pageData';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../ui/SafeHtml';
import { PageDataContext, useAssetBase } from '../../viewer/PageDataContext';
import type { ElementProps } from '../registry';
import { ElementActor } from '../static/ElementActor';

type CertificateActor = ActorRefFrom<typeof certificateMachine>;
type Snapshot = SnapshotFrom<typeof certificateMachine>;

const selectIssueDate = (snapshot: Snapshot) => snapshot.context.issueDate;

/** A certificate: title, description, issue date, validity, logo; download once issued (later work). */
export function CertificateElement({ element }: ElementProps<Certificate>) {
  return (
    <ElementActor id={element.id} machine={certificateMachine} input={{ element }}>
      {(actor) => <CertificateView element={element} actor={actor} />}
    </ElementActor>
  );
}

/**
 * Issues the certificate the first time it scrolls into view for a visitor who may receive one: a
 * logged-in user or a guest with a session (spec section 4, Certificate).
 */
function useIssueWhenVisible(actor: CertificateActor, issued: boolean) {
  const pageData = useContext(PageDataContext);
  const ref = useRef<HTMLElement>(null);
  const mayReceive = Boolean(pageData && !pageData.preview && (pageData.user || pageData.guestSession));
  useEffect(() => {
    const target = ref.current;
    if (issued || !mayReceive || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        actor.send({ type: 'certificate.issue', issueDate: new Date().toISOString() });
        observer.disconnect();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [actor, issued, mayReceive]);
  return ref;
}

export function CertificateView({ element, actor }: { element: Certificate; actor: CertificateActor }) {
  const { t, i18n } = useTranslation('questions');
  const assetBase = useAssetBase();
  const issueDate = useSelector(actor, selectIssueDate);
  const ref = useIssueWhenVisible(actor, issueDate !== null);
  const titleId = useId();
  const hintId = useId();
  const lang = Lang.catch('de').parse(i18n.language);
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      data-state={issueDate ? 'issued' : 'notIssued'}
      className="my-8 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      {element.logo ? <img src={assetUrl(assetBase, element.logo, 'logo')} alt="" className="h-12 w-auto self-start object-contain" /> : null}
      <h3 id={titleId} className="text-xl font-semibold">{element.title}</h3>
      {element.description.trim() ? <SafeHtml html={element.description} className="text-gray-700" /> : null}
      {issueDate ? <p data-issue-date={issueDate}>{t('certificate.issuedOn', { date: formatCertificateDate(issueDate, lang) })}</p> : null}
      {element.validity ? <p className="text-sm text-gray-600">{t('certificate.validity', { validity: element.validity })}</p> : null}
      <div className="flex flex-col items-start gap-1">
        <Button variant="primary" isDisabled aria-describedby={hintId}>{t('certificate.download')}</Button>
        <p id={hintId} className="text-sm text-gray-600">{issueDate ? t('certificate.downloadLater') : t('certificate.notIssued')}</p>
      </div>
    </section>
  );
}
