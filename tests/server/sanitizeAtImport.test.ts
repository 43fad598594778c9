import { describe, expect, it } from 'vitest';
import { ensureStoredContentSanitized } from '../../server/content/sanitizeStored';
import { importFile } from '../../server/store/import';
import { loadMaterial } from '../../server/store/models';
import { Material } from '../../model/material';
import { testDatabaseKinds, useTestDatabase } from './databases';

/** Every html field of spec section 3, written by hand (not derived from the schemas the walker reads), each carrying an attack. */
const attack = '<p onclick="alert(1)">x<img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a><script>alert(4)</script></p>';
const hostile = Material.parse({
  modelName: 'Material', id: 'xss', publicId: 'xss', title: 'X', description: attack,
  content: [
    { modelName: 'Text', id: 'x-text', content: { html: attack } },
    { modelName: 'Heading', id: 'x-head', content: { html: attack }, level: 2 },
    { modelName: 'Image', id: 'x-img', asset: { file: 'a.png' }, caption: attack },
    { modelName: 'Link', id: 'x-link', url: 'https://example.org', caption: attack },
    { modelName: 'Hotspot', id: 'x-hot', asset: { file: 'a.png' }, caption: attack, elements: [{ id: 'x-spot', x: 0.5, y: 0.5, title: 'S', content: attack }] },
    {
      modelName: 'ChoiceQuestion', id: 'x-choice', type: 'sc', question: attack,
      choices: [{ id: 'x-c1', text: attack, correct: true }, { id: 'x-c2', text: 'b', correct: false }],
      feedbackPositive: attack, feedbackNegative: attack, feedbackNeutral: attack,
    },
    { modelName: 'FreeTextInput', id: 'x-free', instructions: { html: attack }, feedback: { html: attack } },
    { modelName: 'ClozeQuestion', id: 'x-cloze', question: attack, feedbackPositive: attack, feedbackNegative: attack, content: [{ type: 'p', children: [{ text: 'plain' }] }] },
    { modelName: 'PolygonTargetExercise', id: 'x-poly', asset: { file: 'a.png' }, question: { html: attack }, feedbackPositive: { html: attack }, feedbackNegative: { html: attack }, polygons: [{ id: 'x-pg', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }], isCorrect: true }] },
    { modelName: 'Barrier', id: 'x-bar', mode: 'all', content: attack, unlockedContent: attack },
    { modelName: 'Certificate', id: 'x-cert', title: 'C', description: attack, content: attack },
    { modelName: 'Foldable', id: 'x-fold', title: 'F', content: [{ modelName: 'Text', id: 'x-inner', content: { html: attack } }] },
    { modelName: 'HtmlElement', id: 'x-embed', content: { html: '<iframe src="https://tool.example.org/app" width="640" height="360" onload="alert(5)" srcdoc="<script>alert(6)</script>"></iframe>' } },
    { modelName: 'Path', id: 'x-path', content: [{ modelName: 'Chapter', id: 'x-step', publicId: 'x-step', title: 'S', description: attack, pathDescription: attack, content: [] }] },
  ],
});

const dangerous = /onclick|onerror|javascript:|<script/i;

describe.each(testDatabaseKinds)('html is sanitised once, on the server, on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('at import: every html field is stored and served clean, the harmless parts kept', async () => {
    expect(JSON.stringify(hostile)).toMatch(dangerous);
    await importFile(t.db, hostile, { share: 'public' });
    const stored = JSON.stringify(await loadMaterial(t.db, 'xss'));
    expect(stored).not.toMatch(dangerous);
    // 1 description + 26 html fields above, each keeps its paragraph, image and link.
    expect(stored.match(/<img src=\\"x\\">/g)).toHaveLength(27);
    expect(stored.match(/<a href=\\"about:blank\\" target=\\"_blank\\" rel=\\"noopener noreferrer\\">l<\/a>/g)).toHaveLength(27);
    // Embed code is reduced to its one iframe with safe attributes: browsers never parse the author's raw code.
    const embed = (await loadMaterial(t.db, 'xss'))!.content.find((element) => element.id === 'x-embed') as { content: { html: string } };
    expect(embed.content.html).toBe('<iframe src="https://tool.example.org/app" width="640" height="360"></iframe>');
  });

  it('at start-up: content stored before (or under older rules) is sanitised once, then left alone', async () => {
    await importFile(t.db, hostile, { share: 'public' });
    // As an older version stored it: the html as the author wrote it.
    await t.db.query(`UPDATE models SET fields = jsonb_set(fields, '{content}', jsonb_build_object('html', $1::text)) WHERE id = 'x-text'`, [attack]);
    await t.db.query(`DELETE FROM meta WHERE key = 'content_html_sanitized'`);
    expect(JSON.stringify(await loadMaterial(t.db, 'xss'))).toMatch(dangerous);
    expect(await ensureStoredContentSanitized(t.db)).toBe(1);
    expect(JSON.stringify(await loadMaterial(t.db, 'xss'))).not.toMatch(dangerous);
    expect(await ensureStoredContentSanitized(t.db)).toBe(0);
  });
});
