import { describe, expect, it } from 'vitest';
import { assignmentMachine, type AssignmentContext, type AssignmentEvent } from '../../../src/kinds/assignment/assignment.machine';
import { walks } from '../../../src/kinds/assignment/assignment.walks';
import { AssignmentQuestion } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { AssignmentLearner } from '../learners/assignmentLearner';
import { isDisabled } from '../learners/learner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.assignment);
const question = AssignmentQuestion.parse((variant.input as { element: unknown }).element);
const items = [...question.zones.flatMap((zone) => zone.items), ...question.disruptors];
const itemText = (id: string) => items.find((item) => item.id === id)?.text ?? id;
const zoneTitle = (id: string) => question.zones.find((zone) => zone.id === id)?.title ?? id;

// A learner can only pick items and zones that are shown (the shared walk also names unknown ones, which the model ignores).
const events = variant.events.filter((raw) => {
  const event = raw as AssignmentEvent;
  if (event.type === 'item.select' && !items.some((item) => item.id === event.itemId)) return false;
  return !(event.type === 'zone.assign' && !question.zones.some((zone) => zone.id === event.zoneId));
});

// Spec section 4: right when every zone holds exactly its own items.
const isRight = (assigned: Record<string, string[]>) =>
  question.zones.every((zone) => [...(assigned[zone.id] ?? [])].sort().join() === zone.items.map((item) => item.id).sort().join());

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function assignmentWalk(): void {
  describe('assignment question driven by a learner along every shortest path', () => {
    const walk = componentPaths(assignmentMachine, { ...variant, events });
    const counted = coverage('assignment', walk);

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        // The element's own button text, else the spec's.
        const submitLabel = question.submitText || text.evaluate;
        const view = renderInViewer([question], question.id, { lang: path.lang });
        const learner = new AssignmentLearner(view.user, view.root, path.via, text);
        await drivePath(path, {
          actor: view.actor,
          key: variant.key,
          perform: async (raw) => {
            const event = raw as AssignmentEvent;
            switch (event.type) {
              case 'item.select':
                return learner.selectItem(itemText(event.itemId));
              case 'zone.assign':
                if (event.itemId) return learner.assignItem(itemText(event.itemId), zoneTitle(event.zoneId));
                return learner.placeIn(zoneTitle(event.zoneId));
              case 'item.unassign':
                return learner.backToPool();
              case 'answer.submit':
                return learner.evaluate(submitLabel);
              case 'answer.reset':
                return learner.resetAnswer();
            }
          },
          sees: (state) => {
            const { assigned, selectedItemId } = state.context as AssignmentContext;
            const evaluated = state.value === 'evaluated';
            const placed = Object.values(assigned).flat();
            expect(view.root.querySelector('section')?.dataset.state).toBe(state.value);
            const pool = items.filter((item) => !placed.includes(item.id)).map((item) => item.text);
            expect(learner.namesIn(learner.pool()), 'pool').toEqual([...pool].sort());
            expect(learner.pool().textContent?.includes(text.poolEmpty)).toBe(pool.length === 0);
            for (const zone of question.zones) {
              const holds = (assigned[zone.id] ?? []).map((id) => {
                if (!evaluated) return itemText(id);
                const right = zone.items.some((item) => item.id === id);
                return right ? text.itemCorrect(itemText(id)) : text.itemWrong(itemText(id));
              });
              expect(learner.namesIn(learner.zone(zone.title)), `zone ${zone.title}`).toEqual(holds.sort());
              const place = learner.queryButton(text.placeHere(zone.title));
              if (evaluated) expect(place).toBeNull();
              else expect(isDisabled(place!)).toBe(selectedItemId === null || (assigned[zone.id] ?? []).includes(selectedItemId));
            }
            expect(learner.pickedUp()).toEqual(selectedItemId ? [itemText(selectedItemId)] : []);
            expect(learner.itemsDisabled().every((disabled) => disabled === evaluated)).toBe(true);
            expect(learner.queryButton(text.backToPool) !== null).toBe(!evaluated && selectedItemId !== null && placed.includes(selectedItemId));
            if (evaluated) {
              expect(learner.queryButton(submitLabel)).toBeNull();
              expect(isDisabled(learner.button(text.resetAnswer))).toBe(false);
              expect(learner.feedback()).toEqual([isRight(assigned) ? text.positive : text.negative]);
            } else {
              expect(learner.queryButton(text.resetAnswer)).toBeNull();
              // Evaluate only with input (spec section 4).
              expect(isDisabled(learner.button(submitLabel))).toBe(placed.length === 0);
              expect(learner.feedback()).toEqual([]);
            }
          },
        });
        counted.driven(path);
      });
    }
  });
}
