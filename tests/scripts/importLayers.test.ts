import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The floors of eslint.config.js bite: code placed in a folder that imports from above it, or DOM-free
 * code that touches the browser, fails `npm run lint` (and so `npm test`). Each case lints a line of code
 * as if it stood in the named file.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('the import layers', () => {
  it('keep the server off the client: its first paint draws from paint/, never from the app’s lists or views', async () => {
    expect(await problems('server/pages/probe.ts', "import { ContentList } from '../../src/elements/ContentList';\nexport const x = ContentList;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('server/pages/probe.ts', "import { ChoiceQuestionElement } from '../../src/kinds/choice/ChoiceQuestion';\nexport const x = ChoiceQuestionElement;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('server/pages/probe.ts', "import { PaintedList } from '../../paint/PaintedList';\nimport { TextElement } from '../../src/kinds/text/TextElement.paint';\nexport const x = [PaintedList, TextElement];\n")).toEqual([]);
  }, 60_000);

  it('keep paint/ and the kinds’ *.paint.tsx views DOM-free: no client or statechart import, no browser global', async () => {
    expect(await problems('paint/probe.tsx', "import { Button } from '../src/ui/Button';\nexport const x = Button;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('src/kinds/text/probe.paint.tsx', "import { choiceMachine } from '../choice/choice.machine';\nexport const x = choiceMachine;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('paint/probe.tsx', 'export const title = () => document.title;\n')).toEqual(['no-restricted-globals']);
    expect(await problems('i18n/probe.ts', 'export const language = () => navigator.language;\n')).toEqual(['no-restricted-globals']);
    expect(await problems('paint/probe.tsx', "import { standInParts } from '../src/kinds/rules';\nimport { useTranslation } from '../i18n/react';\nexport const x = [standInParts, useTranslation];\n")).toEqual([]);
  }, 60_000);

  it('keep the ground floor below everything: model/ imports neither paint/ nor i18n/', async () => {
    expect(await problems('model/probe.ts', "import { StandIn } from '../paint/StandIn';\nexport const x = StandIn;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await problems('model/probe.ts', "import { createI18n } from '../i18n';\nexport const x = createI18n;\n")).toEqual(['import-x/no-restricted-paths']);
  }, 60_000);
});
