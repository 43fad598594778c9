import { expect, type Locator, type Page } from '@playwright/test';
import type { MaterialPlan, PageKey, PlainTextCheck } from './xssMaterial';
import { clickTagged, scanPage, sweepContent } from './xssProbe';

/** What a visit of the share saw. */
export interface VisitFindings {
  leftovers: Set<string>;
  slotsSeen: Set<number>;
  clicked: number;
  plainTextsChecked: number;
  plainTextFailures: string[];
}

/** What shows that the app has drawn a page of each kind. */
const READY = {
  collection: '#root main h1',
  materialShare: '#root article[data-page-id] h1',
  material: '#root article[data-page-id] h1',
  chapter: '#root article[data-page-id] h1',
  step: '#root article[data-page-id] h1',
  iframe: '#root [role="alert"], #root iframe[data-model-name="IFrame"]',
};

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const element = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/**
 * Opens every page of the XSS share, shows every html field (answers and evaluates the questions,
 * opens the foldable, the barrier and each hotspot spot), probes each state (xssProbe.ts) and checks
 * that plain-text fields show their strings as text.
 */
export class XssVisit {
  readonly findings: VisitFindings = { leftovers: new Set(), slotsSeen: new Set(), clicked: 0, plainTextsChecked: 0, plainTextFailures: [] };

  constructor(
    private readonly page: Page,
    private readonly share: string,
    private readonly plainTexts: readonly PlainTextCheck[],
  ) {}

  async collection(): Promise<void> {
    await this.open('collection', `/s/${this.share}/`);
    await this.probe();
  }

  /** The material's page, then its sub-pages as a learner reaches them: by its links, and back. */
  async material(plan: MaterialPlan): Promise<void> {
    await this.open(`${plan.index}:material`, `/s/${this.share}/${plan.publicId}/`, plan.rootIds.material);
    await this.interact(plan);
    await this.probe();
    const links = this.page.locator('#root article');
    const subPages = [
      ['chapter', links.locator(`a[href="${plan.chapterPublicId}/"]`), plan.rootIds.chapter],
      ['step', links.locator(`a[href="${plan.stepPublicId}/"]`), plan.rootIds.step],
      ['iframe', links.locator(`a[href="iframe/${plan.iframeStepId}"]`), []],
    ] as const;
    for (const [kind, link, rootIds] of subPages) {
      await this.open(`${plan.index}:${kind}`, link, rootIds);
      await this.probe();
      await this.page.goBack();
      await expect(this.page.locator(READY.material)).toBeAttached();
    }
  }

  /**
   * The root page of a share of the material `plan` describes (its html is the collection's, probed
   * there): the server's first paint of it (#shell, title and description) as served, then the app's page.
   */
  async materialShare(share: string, plan: MaterialPlan): Promise<void> {
    const url = `/s/${share}/`;
    await this.scan(await (await this.page.request.get(url)).text());
    await this.open('materialShare', url, plan.rootIds.material);
    await this.probe();
  }

  /**
   * Goes to `url` (or follows the app's `link`), wakes every element (as printing does) and waits until
   * the elements `rootIds` and all within them have rendered.
   */
  private async open(key: PageKey, to: string | Locator, rootIds: readonly string[] = []): Promise<void> {
    if (typeof to === 'string') await this.page.goto(to);
    else {
      // READY below matches the page left too, so the new address is what tells that the link was followed. A
      // click whose link the app draws anew between press and release is lost (once in a full run): press again.
      const from = this.page.url();
      await expect(async () => {
        if (this.page.url() === from) await to.click();
        await expect(this.page).not.toHaveURL(from, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    }
    // The app's page, not the server's first paint of a material (#shell), which the app replaces.
    const kind = (key.includes(':') ? key.split(':')[1] : key) as keyof typeof READY;
    await expect(this.page.locator(READY[kind]).first()).toBeAttached();
    await this.page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const waiting = () =>
      this.page.evaluate(
        (ids) => [
          ...ids.filter((id) => !document.getElementById(id)),
          ...[...document.querySelectorAll('[data-dormant], [data-pending=""]')].map((e) => e.closest('[data-model-name]')?.id ?? e.localName),
        ],
        rootIds,
      );
    await expect.poll(waiting, { message: 'elements still dormant or loading' }).toEqual([]);
    await this.scan();
    await this.checkPlainTexts(key);
  }

  private async interact(plan: MaterialPlan): Promise<void> {
    const { page } = this;
    await element(page, plan.foldableId).locator('button[aria-expanded="false"]').click();
    await expect(element(page, plan.foldableId).locator('[data-state="unfolded"]')).toBeAttached();

    for (const { id, choiceId } of plan.choices) {
      // On its indicator, the top left corner: the choice's text may hold links.
      await page.locator(`[data-choice-id="${choiceId}"]`).click({ position: { x: 14, y: 14 } });
      await expect(page.locator(`[data-choice-id="${choiceId}"] input`)).toBeChecked();
      await this.evaluate(element(page, id));
    }
    await element(page, plan.freeTextId).locator('textarea').fill('Eine Antwort.');
    await this.evaluate(element(page, plan.freeTextId));
    for (const { id, answer } of plan.cloze) {
      await element(page, id).getByRole('textbox').first().fill(answer);
      await this.evaluate(element(page, id));
    }
    for (const { id, point } of plan.polygons) {
      const frame = element(page, id).locator('[role="group"]').first();
      await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await frame.scrollIntoViewIfNeeded();
      const box = (await frame.boundingBox())!;
      await page.mouse.click(box.x + point.x * box.width, box.y + point.y * box.height);
      await this.evaluate(element(page, id), element(page, id).getByRole('button', { name: 'Antwort prüfen' }));
    }
    await element(page, plan.barrierId).locator('button').click();
    await expect(element(page, plan.barrierId).locator('[data-state="unlocked"]')).toBeAttached();
    await this.scan();

    const hotspot = element(page, plan.hotspotId);
    for (const [n, spotId] of plan.spotIds.entries()) {
      // By keyboard: the popup of one spot may cover the marker of the next.
      await hotspot.locator('button[aria-expanded]').nth(n).focus();
      await page.keyboard.press('Enter');
      await expect(hotspot.locator('[role="dialog"]')).toHaveAttribute('data-spot', spotId);
      await this.probe(`[id="${plan.hotspotId}"] [role="dialog"]`);
    }
  }

  /** Presses the question's only button (or `button`) and waits until it shows its evaluation. */
  private async evaluate(question: Locator, button: Locator = question.locator('button')): Promise<void> {
    await button.click();
    await expect(question.locator('section[data-state="evaluated"]')).toBeAttached();
  }

  private async scan(servedHtml?: string): Promise<void> {
    const { leftovers, slots } = await scanPage(this.page, servedHtml);
    for (const leftover of leftovers) this.findings.leftovers.add(leftover);
    for (const slot of slots) this.findings.slotsSeen.add(slot);
  }

  /** Scan, events and real clicks for what the html fields left in `scope`, closing the popups they open; scan again. */
  private async probe(scope = 'body'): Promise<void> {
    await this.scan();
    const tagged = await sweepContent(this.page, scope);
    this.findings.clicked += await clickTagged(this.page, tagged);
    // handlers that run late: images failing to load, animations, popups
    await this.page.waitForTimeout(100);
    for (const other of this.page.context().pages()) if (other !== this.page) await other.close();
    await this.scan();
  }

  private async checkPlainTexts(key: PageKey): Promise<void> {
    for (const check of this.plainTexts.filter((c) => c.page === key)) {
      const shown = await this.page
        .locator(check.selector)
        .evaluateAll((elements, attribute) => elements.map((e) => (attribute ? e.getAttribute(attribute) : e.textContent) ?? ''), check.attribute);
      this.findings.plainTextsChecked++;
      if (!shown.some((value) => normalize(value).includes(normalize(check.text)))) {
        this.findings.plainTextFailures.push(`${check.field} on ${key} (${check.selector}${check.attribute ? ` @${check.attribute}` : ''}): ${JSON.stringify(check.text)} not shown; shown: ${JSON.stringify(shown.map((s) => s.slice(0, 120)))}`);
      }
    }
  }
}
