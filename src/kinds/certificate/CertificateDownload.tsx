import { useContext, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { certificateDocument } from '../../certificate/certificateDocument';
import { downloadCertificate, prepareCertificateDownload } from '../../certificate/downloadCertificate';
import { certificateFileName } from '../../certificate/fileName';
import { CertificateNameForm } from '../../certificate/NameForm';
import type { CertificateVisitor } from '../../certificate/visitor';
import { assetUrl } from '../../../model/assetUrl';
import type { Certificate } from '../../../model/elements';
import type { LearnerState } from '../../../model/learnerState';
import { Lang } from '../../../model/pageData';
import { allElements } from '../../../model/tree';
import { Button } from '../../ui/Button';
import { PageDataContext, useAssetBase } from '../../../paint/PageDataContext';
import { useViewerSelector } from '../../elements/viewerContext';
import type { CertificateActor } from './certificateActor';

type Status = 'idle' | 'creating' | 'downloaded' | 'failed';

const NOTHING_SAVED: LearnerState = {};

/** Makes and saves the PDF for a name and an issue date, from the material and the learner's answers. */
function useCertificatePdf(element: Certificate, visitor: CertificateVisitor) {
  const { t, i18n } = useTranslation('questions');
  const pageData = useContext(PageDataContext);
  const lang = Lang.catch('de').parse(i18n.language);
  const assetBase = useAssetBase();
  const material = useViewerSelector((context) => context.material, null);
  // The learner's answers: the last value each free text reported.
  const saved = useViewerSelector((context) => context.saved, NOTHING_SAVED);
  return (issuedFor: string, issueDate: string) => {
    const materialName = material?.title ?? '';
    const pdf = certificateDocument(element, {
      lang,
      issuedFor,
      issueDate,
      materialName,
      elements: material ? allElements(material.content) : [],
      valueOf: (id) => saved[id]?.value,
      labels: {
        issuedFor: t('certificate.pdf.issuedFor'),
        material: t('certificate.pdf.material'),
        answers: t('certificate.pdf.answers'),
        issuedOn: (date) => t('certificate.issuedOn', { date }),
        validity: (validity) => t('certificate.validity', { validity }),
      },
    });
    // Only a learner the server tracks (a user, a saved guest) has a certificate it can vouch for.
    const shareId = pageData?.share?.publicId;
    const tracked = (visitor.kind === 'user' || visitor.kind === 'guest') && shareId && pageData;
    return downloadCertificate(pdf, {
      logoUrl: element.logo ? assetUrl(assetBase, element.logo, 'logo') : undefined,
      fileName: certificateFileName(t('certificate.pdf.fileName'), materialName || element.title),
      verify: tracked
        ? {
            request: { apiBase: pageData.api.base, shareId, certificateId: element.id, guestSessionId: visitor.kind === 'guest' ? (pageData.guestSession?.publicId ?? null) : null },
            labels: { code: (code) => t('certificate.pdf.verifyCode', { code }), at: (url) => t('certificate.pdf.verifyAt', { url }) },
          }
        : undefined,
    });
  };
}

/** The issue date, set now by the first download of a visitor who is not issued one on sight. */
function issueNow(actor: CertificateActor): string | null {
  actor.send({ type: 'certificate.issue', issueDate: new Date().toISOString() });
  return actor.getSnapshot().context.issueDate;
}

type DownloadProps = { element: Certificate; actor: CertificateActor; visitor: CertificateVisitor; issueDate: string | null };

/**
 * The download part of a certificate, by visitor (spec section 6): users and saved guests download
 * with their name once issued; unsaved guests are asked to save first; anonymous visitors enter a
 * name; the preview offers no download.
 */
export function CertificateDownload({ element, actor, visitor, issueDate }: DownloadProps) {
  const { t } = useTranslation('questions');
  const hintId = useId();
  const makePdf = useCertificatePdf(element, visitor);
  const [status, setStatus] = useState<Status>('idle');

  const download = async (issuedFor: string, date: string | null) => {
    if (!date) return;
    setStatus('creating');
    try {
      await makePdf(issuedFor, date);
      setStatus('downloaded');
    } catch (error) {
      console.error('The certificate PDF could not be made', error);
      setStatus('failed');
    }
  };

  const statusLine = (
    <p role="status" className={status === 'failed' ? 'text-sm text-red-700' : 'text-sm text-gray-600'}>
      {status === 'idle' ? '' : t(`certificate.${status}`)}
    </p>
  );

  if (visitor.kind === 'preview') return <p className="text-sm text-gray-600" data-testid="certificate-preview">{t('certificate.preview')}</p>;

  if (visitor.kind === 'anonymous') {
    return (
      <div className="flex flex-col items-start gap-1" onPointerEnter={prepareCertificateDownload} onFocus={prepareCertificateDownload}>
        <CertificateNameForm
          isPending={status === 'creating'}
          onSubmit={({ firstName, lastName }) => void download(`${firstName} ${lastName}`, issueDate ?? issueNow(actor))}
        />
        {statusLine}
      </div>
    );
  }

  const named = visitor.kind === 'user' || visitor.kind === 'guest';
  const hint = visitor.kind === 'unsavedGuest' ? t('certificate.saveFirst') : named && issueDate ? t('certificate.issuedFor', { name: visitor.name }) : t('certificate.notIssued');
  return (
    <div className="flex flex-col items-start gap-1" onPointerEnter={prepareCertificateDownload} onFocus={prepareCertificateDownload}>
      <Button
        variant="primary"
        isDisabled={!named || !issueDate || status === 'creating'}
        aria-describedby={hintId}
        onPress={() => (named ? void download(visitor.name, issueDate) : undefined)}
      >
        {t('certificate.download')}
      </Button>
      <p id={hintId} className="text-sm text-gray-600">{hint}</p>
      {statusLine}
    </div>
  );
}
