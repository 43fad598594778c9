import { describe, expect, it } from 'vitest';
import { foldableMachine } from '../../../src/kinds/foldable/foldable.machine';
import { walks } from '../../../src/kinds/foldable/foldable.walks';
import { Foldable } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { FoldableLearner } from '../learners/foldableLearner';
import { textOf } from '../learners/learner';
import { texts } from '../texts';

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function foldableWalk(): void {
  for (const variant of learnerVariants(walks.foldable)) {
    // The shared walk gives the machine's input (id and folded flag); the component needs the whole element.
    const { id, folded } = (variant.input as { element: { id: string; folded: boolean } }).element;
    const foldable = Foldable.parse({
      id, modelName: 'Foldable', title: 'More about lakes', folded,
      content: [{ id: `${id}-text`, modelName: 'Text', content: { html: '<p>Lakes are deep.</p>' } }],
    });

    describe(`foldable (${variant.name}) driven by a learner along every shortest path`, () => {
      const walk = componentPaths(foldableMachine, { ...variant, input: { element: foldable } });
      const counted = coverage(`foldable (${variant.name})`, walk);

      for (const path of walk.paths) {
        it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
          const view = renderInViewer([foldable], foldable.id, { lang: path.lang });
          const learner = new FoldableLearner(view.user, view.root, path.via, texts[path.lang]);
          await drivePath(path, {
            actor: view.actor,
            key: variant.key,
            perform: () => learner.toggleSection(),
            sees: (state) => {
              const open = state.value === 'unfolded';
              expect(textOf(learner.titleButton())).toBe('More about lakes');
              expect(learner.titleButton().getAttribute('aria-expanded')).toBe(String(open));
              expect(learner.visibleContent()).toBe(open ? 'Lakes are deep.' : '');
            },
          });
          counted.driven(path);
        });
      }
    });
  }
}
