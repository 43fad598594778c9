import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { IntersectionObserverDouble } from '../../setup';
import { Learner, textOf } from './learner';

/** A logged-in learner who scrolls down to a certificate. */
export class CertificateLearner extends Learner {
  section(): HTMLElement {
    const section = this.root.querySelector<HTMLElement>('section');
    if (!section) throw new Error('no certificate');
    return section;
  }

  /** Scrolls the certificate into view at `when` (the clock says so; jsdom has no scrolling, the observer double reports it). */
  async scrollIntoView(when: string): Promise<void> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(when));
    try {
      const section = this.section();
      act(() => {
        // tests/setup.ts installs the double as jsdom's IntersectionObserver.
        const installed = window.IntersectionObserver as unknown as typeof IntersectionObserverDouble;
        for (const observer of installed.instances) observer.simulate(section, true);
      });
    } finally {
      vi.useRealTimers();
    }
  }

  /** The "Issued on …" line, or '' while the certificate is not issued. */
  issuedLine(): string {
    return textOf(this.root.querySelector('[data-issue-date]'));
  }

  /** The explanation under the download button. */
  downloadHint(): string {
    const download = this.button(this.text.download);
    return textOf(document.getElementById(download.getAttribute('aria-describedby') ?? ''));
  }
}
