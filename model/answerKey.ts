/*
 * What decides whether a learner's answer to a question is right (its answer key): when a new
 * publication changes it, the learner's answer to that question no longer counts and is reset
 * (issue 24). Wording, feedback texts and settings of how a question shows are not part of it.
 */

type Model = Record<string, unknown> & { modelName?: unknown };

const items = (list: unknown) => (Array.isArray(list) ? (list as Model[]).map((item) => ({ id: item.id, type: item.type, text: item.text, image: item.image })) : []);

/** The answer key of a question model (with its lists), or null for a model that is no question with one. */
export function answerKeyOf(model: Model): unknown {
  switch (model.modelName) {
    case 'ChoiceQuestion':
      return { type: model.type, choices: items(model.choices).map((choice, i) => ({ ...choice, correct: (model.choices as Model[])[i].correct })) };
    case 'ClozeQuestion':
      // The gaps and their solutions live in the document.
      return { content: model.content };
    case 'AssignmentQuestion':
      return { zones: ((model.zones as Model[] | undefined) ?? []).map((zone) => ({ id: zone.id, items: items(zone.items) })), disruptors: items(model.disruptors) };
    case 'PolygonTargetExercise':
      return { polygons: model.polygons };
    default:
      return null;
  }
}
