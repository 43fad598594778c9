import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';
import { choicePress } from '../../../model/pressKeys';

type Choice = ElementOf<'ChoiceQuestion'>;

export const choiceRules: KindRules<Choice> = {
  question: true,
  stateful: true,
  standIn: {
    dozes: true,
    parts: (element) => [{ html: element.question }, ...element.choices.map((choice) => ({ html: choice.text, press: choicePress(choice.id) }))],
  },
};
