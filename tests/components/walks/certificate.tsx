import { describe, expect, it } from 'vitest';
import { certificateMachine, type CertificateContext, type CertificateEvent } from '../../../src/kinds/certificate/certificate.machine';
import { walks } from '../../../src/kinds/certificate/certificate.walks';
import { Certificate } from '../../../model/elements';
import { PageData } from '../../../model/pageData';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { CertificateLearner } from '../learners/certificateLearner';
import { isDisabled } from '../learners/learner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.certificate);
const certificate = Certificate.parse((variant.input as { element: unknown }).element);

// A logged-in learner: the certificate is issued when it scrolls into view (spec section 4).
const pageData = PageData.parse({
  entryPoint: 'material', baseUrl: '/s/walk', lang: 'en', share: null,
  shareSettings: { private: true, saveGuestSessions: false, scorm: false },
  preview: false,
  user: { id: 'u1', email: 'ada@example.ch', firstname: 'Ada', lastname: 'Muster', name: 'Ada Muster', roles: [], favoriteMaterialIds: [] },
  guestSession: null, settings: {},
  featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false },
  api: { base: '/api', assets: '/api/assets' },
  userdata: { metadata: { shareId: null } }, learnerState: null,
});

// The issue date is the clock's when the certificate comes into view: a learner cannot make an invalid one.
const events = variant.events.filter((event) => !Number.isNaN(Date.parse((event as CertificateEvent).issueDate)));

// Spec section 9: a 2-digit day, the long month and the year, in the language with the -CH region.
const longDate = (iso: string, lang: 'de' | 'en') => new Intl.DateTimeFormat(`${lang}-CH`, { day: '2-digit', month: 'long', year: 'numeric' }).format(new Date(iso));

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function certificateWalk(): void {
  describe('certificate driven by a learner along every shortest path', () => {
    const walk = componentPaths(certificateMachine, { ...variant, events });
    const counted = coverage('certificate', walk, 'certificate.issue: the learner scrolls it into view at the event’s date');

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        const view = renderInViewer([certificate], certificate.id, { lang: path.lang, pageData });
        const learner = new CertificateLearner(view.user, view.root, path.via, text);
        await drivePath(path, {
          actor: view.actor,
          key: variant.key,
          perform: (event) => learner.scrollIntoView((event as CertificateEvent).issueDate),
          sees: (state) => {
            const { issueDate } = state.context as CertificateContext;
            expect(learner.section().dataset.state).toBe(issueDate ? 'issued' : 'notIssued');
            expect(learner.issuedLine()).toBe(issueDate ? text.issuedOn(longDate(issueDate, path.lang)) : '');
            // Download only with an issue date (spec section 4), for the learner the page names.
            expect(isDisabled(learner.button(text.download))).toBe(issueDate === null);
            expect(learner.downloadHint()).toBe(issueDate ? text.issuedFor('Ada Muster') : text.notIssued);
          },
        });
        counted.driven(path);
      });
    }
  });
}
