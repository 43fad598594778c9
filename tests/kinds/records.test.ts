import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isTracked, KIND_RULES } from '../../src/kinds/rules';
import { KIND_INDEXING, KIND_NAMES, KIND_QUESTIONS, kindNameOf } from '../../src/kinds/indexing';
import { elementComponents } from '../../src/elements/registry';
import { MODEL_NAMES, type ContentElement } from '../../model/elements';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Type-checks a module written here (as if it were `tests/kinds/probe.ts`) with the project's compiler
 * options and answers its errors: the compiler itself says whether a record without a kind compiles.
 */
function compileErrors(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const probe = path.join(ROOT, 'tests/kinds/probe.ts');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === probe ? source : readFile(file));
  host.fileExists = (file) => path.resolve(file) === probe || ts.sys.fileExists(file);
  host.getSourceFile = (file, language, onError, create) =>
    path.resolve(file) === probe ? ts.createSourceFile(file, source, language, true) : getSourceFile(file, language, onError, create);
  const program = ts.createProgram([probe], { ...config.options, noEmit: true }, host);
  const file = program.getSourceFile(probe)!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the records of element kinds', () => {
  it('name every kind of the content schema, and nothing else', () => {
    for (const record of [KIND_RULES, KIND_QUESTIONS, KIND_INDEXING, KIND_NAMES, elementComponents]) expect(Object.keys(record).sort()).toEqual([...MODEL_NAMES].sort());
  });

  it('name, in German and English, exactly the kinds that bear progress (a barrier lists them while open)', () => {
    const bearsProgress = MODEL_NAMES.filter((modelName) => isTracked({ modelName } as ContentElement));
    expect(MODEL_NAMES.filter((modelName) => KIND_NAMES[modelName] !== null)).toEqual(bearsProgress);
    for (const modelName of bearsProgress) {
      expect(kindNameOf(modelName, 'de')).toMatch(/^\p{Lu}\p{L}+/u);
      expect(kindNameOf(modelName, 'en')).toMatch(/^\p{Lu}\p{L}+/u);
    }
    expect([kindNameOf('ChoiceQuestion', 'de'), kindNameOf('ChoiceQuestion', 'en'), kindNameOf('ChoiceQuestion', 'fr')]).toEqual(['Auswahlfrage', 'Choice question', 'Auswahlfrage']);
    expect(kindNameOf('Text', 'en')).toBe('Text');
  });

  it('do not compile without a kind: each record names what is missing', { timeout: 60_000 }, () => {
    const errors = compileErrors(`
      import { isTracked, KIND_RULES } from '../../src/kinds/rules';
      import { KIND_INDEXING, KIND_NAMES, KIND_QUESTIONS, kindNameOf } from '../../src/kinds/indexing';
      import { elementComponents } from '../../src/elements/registry';
      const { Quote: _rules, ...rulesWithoutQuote } = KIND_RULES;
      export const rules: typeof KIND_RULES = rulesWithoutQuote;
      const { ChoiceQuestion: _question, ...questionsWithoutChoice } = KIND_QUESTIONS;
      export const questions: typeof KIND_QUESTIONS = questionsWithoutChoice;
      const { Hotspot: _indexing, ...indexingWithoutHotspot } = KIND_INDEXING;
      export const indexing: typeof KIND_INDEXING = indexingWithoutHotspot;
      const { Path: _view, ...viewsWithoutPath } = elementComponents;
      export const views: typeof elementComponents = viewsWithoutPath;
      export const complete: typeof KIND_RULES = { ...KIND_RULES };
    `);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/Property 'Quote' is missing/);
    expect(errors[1]).toMatch(/Property 'ChoiceQuestion' is missing/);
    expect(errors[2]).toMatch(/Property 'Hotspot' is missing/);
    expect(errors[3]).toMatch(/Property 'Path' is missing/);
  });
});
