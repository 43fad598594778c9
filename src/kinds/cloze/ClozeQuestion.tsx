import { useSelector } from '@xstate/react';
import { Fragment, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { clozeMachine } from './cloze.machine';
import { connectCloze } from './cloze.connect';
import { sameProps } from '../../../machines/connect';
import { dropdownOptions, gapsOf, isClozeCorrect, isGapCorrect } from './cloze.model';
import type { ClozeQuestion } from '../../../model/elements';
import type { GapNode, RichTextNode } from '../../../model/richText';
import { isExternalUrl, safeLinkUrl } from '../../../model/sanitize';
import { AnswerButton } from '../../elements/questions/AnswerButton';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { QuestionFeedback } from '../../elements/questions/QuestionFeedback';
import { useBecameTrue } from '../../ui/useBecameTrue';
import { AnswerKeyChangedNote } from '../../elements/questions/AnswerKeyChangedNote';
import { ResultMark } from '../../../paint/ResultMark';
import { useElementHeadingLevel } from '../../elements/static/elementHeadingLevel';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './cloze.machine';

type ClozeActor = ActorRefFrom<typeof clozeMachine>;


/** A cloze question: rich text with gaps (text fields or dropdowns) inline (spec section 4). */
export function ClozeQuestionElement({ element }: ElementProps<ClozeQuestion>) {
  return (
    <ElementActor id={element.id} machine={clozeMachine} input={{ element }}>
      {(actor) => <ClozeQuestionView element={element} actor={actor} />}
    </ElementActor>
  );
}

type GapProps = { gap: GapNode; index: number; value: string; evaluated: boolean; onChange: (value: string) => void };

function Gap({ gap, index, value, evaluated, onChange }: GapProps) {
  const { t } = useTranslation('questions');
  const label = t('cloze.gap', { n: index + 1 });
  const correct = evaluated && isGapCorrect(gap, value);
  const frame = evaluated ? (correct ? 'border-green-600 bg-green-50' : 'border-red-600 bg-red-50') : 'border-gray-400 bg-white focus:border-primary-600';
  const control =
    gap.mode === 'dropdown' ? (
      <select
        aria-label={label}
        value={value}
        disabled={evaluated}
        onChange={(event) => onChange(event.target.value)}
        className={`rounded border px-1 py-0.5 ${frame}`}
      >
        <option value="">{t('cloze.choose')}</option>
        {dropdownOptions(gap).map((text) => (
          <option key={text} value={text}>{text}</option>
        ))}
      </select>
    ) : (
      <input
        type="text"
        aria-label={label}
        value={value}
        disabled={evaluated}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        size={Math.max(8, ...gap.solutions.map((solution) => solution.text.length + 2))}
        className={`rounded border px-1 py-0.5 ${frame}`}
      />
    );
  return (
    <span className="mx-0.5 inline-flex items-center gap-1 align-baseline" data-gap-index={index} data-result={evaluated ? (correct ? 'correct' : 'wrong') : undefined}>
      {control}
      {evaluated ? <ResultMark correct={correct} /> : null}
    </span>
  );
}

const leafClass = (leaf: Extract<RichTextNode, { text: string }>) =>
  [
    leaf.bold && 'font-bold', leaf.italic && 'italic', leaf.underline && 'underline', leaf.linethrough && 'line-through',
    leaf.highlight1 && 'bg-highlight-1', leaf.highlight2 && 'bg-highlight-2', leaf.highlight3 && 'bg-highlight-3',
    leaf.highlight4 && 'bg-highlight-4', leaf.highlight5 && 'bg-highlight-5',
  ].filter(Boolean).join(' ');

/** Renders the rich-text document; `renderGap` receives each gap with its reading-order index. */
function RichText({ nodes, renderGap }: { nodes: readonly RichTextNode[]; renderGap: (gap: GapNode, index: number) => ReactNode }) {
  const Title = `h${useElementHeadingLevel()}` as const;
  let gapIndex = 0;
  const walk = (list: readonly RichTextNode[], path: string): ReactNode =>
    list.map((node, position) => {
      const key = `${path}.${position}`;
      if (!('type' in node)) {
        const className = leafClass(node);
        return className ? <span key={key} className={className}>{node.text}</span> : <Fragment key={key}>{node.text}</Fragment>;
      }
      switch (node.type) {
        case 'gap':
          return <Fragment key={key}>{renderGap(node, gapIndex++)}</Fragment>;
        case 'p':
          return <p key={key} className="my-2 leading-9">{walk(node.children, key)}</p>;
        case 'h1':
          return <Title key={key} className="my-2 text-lg font-semibold">{walk(node.children, key)}</Title>;
        case 'ul':
          return <ul key={key} className="my-2 list-disc ps-6 leading-9">{walk(node.children, key)}</ul>;
        case 'ol':
          return <ol key={key} className="my-2 list-decimal ps-6 leading-9">{walk(node.children, key)}</ol>;
        case 'li':
          return <li key={key}>{walk(node.children, key)}</li>;
        case 'sub':
          return <sub key={key}>{walk(node.children, key)}</sub>;
        case 'sup':
          return <sup key={key}>{walk(node.children, key)}</sup>;
        case 'a': {
          const href = safeLinkUrl(node.url);
          const target = node.target ?? '_blank';
          return (
            <a key={key} href={href} target={target} rel={isExternalUrl(href) || target === '_blank' ? 'noopener noreferrer' : undefined} className="text-primary-700 underline">
              {walk(node.children, key)}
            </a>
          );
        }
        case 'svg':
          return <Fragment key={key}>{walk(node.children, key)}</Fragment>;
      }
    });
  return <>{walk(nodes, 'n')}</>;
}

export function ClozeQuestionView({ element, actor }: { element: ClozeQuestion; actor: ClozeActor }) {
  const { t } = useTranslation('questions');
  const { inputs, evaluated, dataState } = useSelector(actor, connectCloze, sameProps);
  const justEvaluated = useBecameTrue(evaluated);
  const questionId = useId();
  const gaps = useMemo(() => gapsOf(element.content), [element.content]);
  const hasInput = inputs.some((input) => input.trim() !== '');
  const correct = isClozeCorrect(gaps, inputs);

  return (
    <section
      className="my-6 rounded-lg border border-gray-200 p-4"
      data-state={dataState}
      aria-labelledby={element.question ? questionId : undefined}
      aria-label={element.question ? undefined : element.title}
    >
      {element.question ? <SafeHtml html={element.question} id={questionId} className="mb-2 font-medium [&_p]:m-0" /> : null}
      <div className="text-gray-900">
        <RichText
          nodes={element.content}
          renderGap={(gap, index) => (
            <Gap
              gap={gap}
              index={index}
              value={inputs[index] ?? ''}
              evaluated={evaluated}
              onChange={(value) => actor.send({ type: 'gap.change', index, value })}
            />
          )}
        />
      </div>
      <div className="mt-4">
        <AnswerButton
          evaluated={evaluated}
          submitLabel={element.submitText || t('evaluate')}
          isDisabled={!hasInput}
          onSubmit={() => actor.send({ type: 'answer.submit' })}
          onEdit={() => actor.send({ type: 'answer.edit' })}
        />
      </div>
      <AnswerKeyChangedNote id={element.id} />
      {evaluated ? (
        <QuestionFeedback kind={correct ? 'positive' : 'negative'} html={correct ? element.feedbackPositive : element.feedbackNegative} announce={justEvaluated} />
      ) : null}
    </section>
  );
}
