/*
 * A small material in Arabic (metadata `language: ar`): a text of two paragraphs, a single-choice
 * question, a cloze with one text gap and an assignment of two items to two zones. Its pages render
 * right to left (model/contentDirection.ts). The answers: the sun's heat; 0 (or the Arabic-Indic ٠);
 * rain to liquid, snow to solid.
 */
export const arabic = {
  title: 'دورة الماء',
  choice: { question: 'ما الذي يجعل الماء يتبخر؟', right: 'حرارة الشمس', wrong: ['ضوء القمر', 'الرياح الباردة'] },
  zones: { liquid: 'سائل', solid: 'صلب' },
  items: { rain: 'مطر', snow: 'ثلج' },
} as const;

export const arabicMaterial = {
  modelName: 'Material',
  id: 'dawrat-al-maa',
  publicId: 'dawrat-al-maa',
  title: arabic.title,
  evaluationType: 'composite',
  metadata: { language: 'ar' },
  content: [
    {
      modelName: 'Text',
      id: 'ar-nass',
      size: 'p-regular',
      content: {
        html:
          '<p>الماء ضروري لكل أشكال الحياة. يتبخر الماء من البحار والأنهار بفعل حرارة الشمس.</p>' +
          '<p>يتكاثف بخار الماء في الهواء البارد ويشكل الغيوم، ثم يعود إلى الأرض على شكل مطر أو ثلج.</p>',
      },
    },
    {
      modelName: 'ChoiceQuestion',
      id: 'ar-ikhtiyar',
      type: 'sc',
      question: `<p>${arabic.choice.question}</p>`,
      choices: [
        { id: 'ar-ikhtiyar-1', text: `<p>${arabic.choice.wrong[0]}</p>`, correct: false },
        { id: 'ar-ikhtiyar-2', text: `<p>${arabic.choice.right}</p>`, correct: true },
        { id: 'ar-ikhtiyar-3', text: `<p>${arabic.choice.wrong[1]}</p>`, correct: false },
      ],
    },
    {
      modelName: 'ClozeQuestion',
      id: 'ar-faragh',
      question: '<p>أكمل الفراغ.</p>',
      content: [
        {
          type: 'p',
          children: [
            { text: 'يتجمد الماء عند ' },
            { type: 'gap', id: 'ar-faragh-1', mode: 'textinput', solutions: [{ text: '0', correct: true }, { text: '٠', correct: true }], children: [{ text: '' }] },
            { text: ' درجة مئوية.' },
          ],
        },
      ],
    },
    {
      modelName: 'AssignmentQuestion',
      id: 'ar-tasnif',
      instructions: '<p>صنّف الكلمات حسب حالة الماء.</p>',
      zones: [
        { id: 'ar-zone-sail', type: 'text', title: arabic.zones.liquid, items: [{ id: 'ar-item-matar', type: 'text', text: arabic.items.rain }] },
        { id: 'ar-zone-salb', type: 'text', title: arabic.zones.solid, items: [{ id: 'ar-item-thalj', type: 'text', text: arabic.items.snow }] },
      ],
      disruptors: [],
    },
  ],
};
