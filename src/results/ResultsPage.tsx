import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { QuestionResult, Results, WrongAnswer } from '../../model/results';
import { resultsMachine, type ResultsRange } from '../../machines/results';
import { StandaloneHeader } from '../auth/StandaloneHeader';
import { AccountControl } from '../auth/AccountControl';
import { dateLocale } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from '../../i18n';
import { addResultsTexts } from '../../i18n/resources/results';
import { Button } from '../ui/Button';
import { useScrollsSideways } from '../ui/useScrollsSideways';
import { ERROR_TOAST_MS, showToast } from '../ui/toasts';
import { useViewerInspection } from '../viewer/inspection';
import { LanguageSwitch } from '../viewer/LanguageSwitch';
import { usePageData } from '../../paint/PageDataContext';
import { percentOf, progressBands, progressPercent } from './figures';
import { downloadResultsCsv, fetchResults } from './resultsApi';

/**
 * The teacher's results screen of a share (`/s/{share}/_results/`, docs/results.md), under `header` (a
 * material share's viewer header), else a header of its own with a way back to the share: the figures of
 * GET /api/shares/{share}/results for a date range, the CSV of the same range, in the states of
 * machines/results.ts. Bars are drawn beside the numbers they show and hidden from screen readers,
 * which read the numbers.
 */
export default function ResultsPage({ header }: { header?: ReactNode }) {
  const pageData = usePageData();
  const { t, i18n } = useTranslation('results');
  addResultsTexts(i18n);
  const shareId = pageData.share!.publicId;
  const base = pageData.api.base;
  const machine = useMemo(
    () =>
      resultsMachine.provide({
        actors: {
          loadResults: fromRange((range, signal) => fetchResults(base, shareId, range, signal)),
          downloadCsv: fromRange((range, signal) => downloadResultsCsv(base, shareId, range, signal)),
        },
        actions: {
          notifyExportFailed: () => showToast({ kind: 'error', title: 'results:exportFailedTitle', description: 'results:exportFailedMessage' }, ERROR_TOAST_MS),
        },
      }),
    [base, shareId],
  );
  // useActorRef and useSelector, as the viewer's parts use them: the first route's code has no other of @xstate/react's hooks.
  const actor = useActorRef(machine, { inspect: useViewerInspection() });
  const state = useSelector(actor, (snapshot) => snapshot);
  const send = actor.send;
  const { results, refusal, rangeInvalid, from, to } = state.context;
  const busy = state.matches('loading') ? t('loading') : state.matches('filtering') ? t('filtering') : state.matches('exporting') ? t('exporting') : '';
  const shown = results && (state.matches('loaded') || state.matches('filtering') || state.matches('exporting'));
  const changeRange = (range: ResultsRange) => send({ type: 'range.change', ...range });

  return (
    <div className="min-h-screen bg-gray-50" data-testid="results-page" data-state={String(state.value)}>
      {header !== undefined ? (
        header
      ) : (
        <StandaloneHeader pageData={pageData}>
          <div className="flex items-center gap-2">
            <Link to="/" className="rounded-md px-2 py-1 text-sm text-primary-700 underline hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600">
              {t('back')}
            </Link>
            <LanguageSwitch />
            <AccountControl />
          </div>
        </StandaloneHeader>
      )}
      <main className="mx-auto max-w-[1200px] space-y-8 px-4 py-6">
        <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
        <p role="status" className="min-h-5 text-sm text-gray-700">
          {busy}
        </p>
        {state.matches('refused') ? (
          <p className="rounded-md border border-gray-300 bg-white p-4">{refusal === 'login' ? t('refusedLogin') : t('refusedUnknown')}</p>
        ) : state.matches('failed') ? (
          <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-white p-4">
            <p>{t('failed')}</p>
            <Button variant="primary" onPress={() => send({ type: 'retry' })}>
              {t('retry')}
            </Button>
          </div>
        ) : state.matches('loading') ? null : (
          <>
            <RangeFilter from={from} to={to} invalid={rangeInvalid} onChange={changeRange} exporting={state.matches('exporting')} canExport={state.matches('loaded')} onExport={() => send({ type: 'csv.download' })} t={t} />
            {state.matches('empty') ? <p className="rounded-md border border-gray-300 bg-white p-4">{t('empty')}</p> : null}
            {shown ? <Figures results={results} t={t} lang={pageData.lang} /> : null}
            {results ? <Counts t={t} /> : null}
          </>
        )}
      </main>
    </div>
  );
}

/** A promise actor of the range; its signal aborts the call when the state that invoked it is left (a superseded range). */
function fromRange<T>(run: (range: ResultsRange, signal: AbortSignal) => Promise<T>) {
  return fromPromise<T, ResultsRange>(({ input, signal }) => run(input, signal));
}

function RangeFilter(props: {
  from: string;
  to: string;
  invalid: boolean;
  exporting: boolean;
  canExport: boolean;
  onChange: (range: ResultsRange) => void;
  onExport: () => void;
  t: TFunction;
}) {
  const { from, to, invalid, t } = props;
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const input = 'rounded-md border border-gray-400 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary-600';
  return (
    <div className="flex flex-wrap items-end gap-4">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm font-semibold text-gray-900">{t('range')}</legend>
        <label htmlFor={fromId} className="flex flex-col text-sm text-gray-800">
          {t('from')}
          <input id={fromId} type="date" className={input} defaultValue={from} max={to || undefined} aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} onChange={(event) => props.onChange({ from: event.currentTarget.value, to })} />
        </label>
        <label htmlFor={toId} className="flex flex-col text-sm text-gray-800">
          {t('to')}
          <input id={toId} type="date" className={input} defaultValue={to} min={from || undefined} aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} onChange={(event) => props.onChange({ from, to: event.currentTarget.value })} />
        </label>
      </fieldset>
      <Button variant="secondary" onPress={props.onExport} isDisabled={!props.canExport}>
        {t('downloadCsv')}
      </Button>
      {invalid ? (
        <p id={errorId} className="w-full text-sm text-red-800">
          {t('rangeInvalid')}
        </p>
      ) : null}
    </div>
  );
}

/** A table's frame that scrolls sideways on a narrow screen: then a tab stop, so the keyboard can scroll it too. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    <div
      ref={frame}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

function Bar({ percent }: { percent: number }) {
  return (
    <span aria-hidden="true" className="inline-block h-2.5 w-24 overflow-hidden rounded-full bg-gray-200 align-middle">
      <span className="block h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
    </span>
  );
}

const cell = 'border-b border-gray-200 px-3 py-2 text-start align-top';
const head = 'border-b border-gray-300 px-3 py-2 text-start font-semibold';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figures({ results, t, lang }: { results: Results; t: TFunction; lang: 'de' | 'en' }) {
  const dateTime = new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' });
  const learners = results.learners;
  const completed = learners.filter((learner) => learner.completed).length;
  const bands = progressBands(learners);
  const widest = Math.max(1, ...bands.map((band) => band.learners));
  const withTexts = results.questions.filter((question) => question.texts !== undefined);
  return (
    <>
      <p className="text-lg text-gray-900" data-testid="results-summary">
        {t('summary', { count: learners.length, completed })}
      </p>
      <Section title={t('distributionHeading')}>
        <table className="w-full max-w-xl border-collapse bg-white text-sm" data-testid="results-distribution">
          <caption className="sr-only">{t('distributionCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={head}>{t('band')}</th>
              <th scope="col" className={head}>{t('learnersCount')}</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band) => (
              <tr key={band.from}>
                <th scope="row" className={`${cell} font-normal`}>{band.from === band.to ? `${band.from} %` : `${band.from}–${band.to} %`}</th>
                <td className={cell}>
                  <span className="inline-block w-8 tabular-nums">{band.learners}</span> <Bar percent={(band.learners / widest) * 100} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('learnersHeading')}>
        <ScrollRegion label={t('learnersHeading')}>
          <table className="w-full border-collapse bg-white text-sm" data-testid="results-learners">
            <thead>
              <tr>
                <th scope="col" className={head}>{t('name')}</th>
                <th scope="col" className={head}>{t('progress')}</th>
                <th scope="col" className={head}>{t('completed')}</th>
                <th scope="col" className={head}>{t('lastActivity')}</th>
                <th scope="col" className={head}>{t('certificate')}</th>
              </tr>
            </thead>
            <tbody>
              {learners.map((learner) => (
                <tr key={learner.key}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {learner.name} <span className="text-gray-700">({t(`kind.${learner.kind}`)})</span>
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>
                    <span className="inline-block w-12 tabular-nums">{progressPercent(learner.progress)} %</span> <Bar percent={progressPercent(learner.progress)} />
                  </td>
                  <td className={cell}>{learner.completed ? t('yes') : t('no')}</td>
                  <td className={cell}>{dateTime.format(new Date(learner.lastActivity))}</td>
                  <td className={cell}>{learner.certificateIssued ? date.format(new Date(learner.certificateIssued)) : t('none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </Section>
      <Section title={t('questionsHeading')}>
        {results.questions.length ? (
          <ScrollRegion label={t('questionsHeading')}>
            <table className="w-full border-collapse bg-white text-sm" data-testid="results-questions">
              <thead>
                <tr>
                  <th scope="col" className={head}>{t('question')}</th>
                  <th scope="col" className={head}>{t('answered')}</th>
                  <th scope="col" className={head}>{t('right')}</th>
                  <th scope="col" className={head}>{t('wrongAnswers')}</th>
                </tr>
              </thead>
              <tbody>
                {results.questions.map((question) => (
                  <QuestionRow key={question.elementId} question={question} learners={learners.length} t={t} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p>{t('noQuestions')}</p>
        )}
      </Section>
      <Section title={t('stopsHeading')}>
        {results.stops.length ? (
          <table className="w-full max-w-3xl border-collapse bg-white text-sm" data-testid="results-stops">
            <thead>
              <tr>
                <th scope="col" className={head}>{t('stopAt')}</th>
                <th scope="col" className={head}>{t('learnersCount')}</th>
              </tr>
            </thead>
            <tbody>
              {results.stops.map((stop) => (
                <tr key={stop.elementId}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {stop.label}
                    <Path path={stop.path} />
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>
                    <span className="inline-block w-8 tabular-nums">{stop.learners}</span> <Bar percent={percentOf(stop.learners, learners.length)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('noStops')}</p>
        )}
      </Section>
      {withTexts.length ? (
        <Section title={t('textsHeading')}>
          {withTexts.map((question) => (
            <div key={question.elementId} className="space-y-2 rounded-md border border-gray-200 bg-white p-4" data-testid="results-texts">
              <h3 className="font-semibold text-gray-900">{question.label}</h3>
              {question.texts!.length ? (
                <ul className="space-y-2">
                  {question.texts!.map((text, index) => (
                    <li key={index}>
                      <span className="font-medium">{text.learner}:</span> <span className="whitespace-pre-wrap">{text.text}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('noTexts')}</p>
              )}
            </div>
          ))}
        </Section>
      ) : null}
    </>
  );
}

function Path({ path }: { path: string[] }) {
  return path.length ? <span className="block text-xs text-gray-700">{path.join(' › ')}</span> : null;
}

function QuestionRow({ question, learners, t }: { question: QuestionResult; learners: number; t: TFunction }) {
  const right = question.rightAtFirstEvaluation;
  const rightPercent = right === null ? 0 : percentOf(right, question.answered);
  return (
    <tr>
      <th scope="row" className={`${cell} font-normal`}>
        {question.label}
        <Path path={question.path} />
      </th>
      <td className={`${cell} whitespace-nowrap`}>
        <span className="inline-block w-16 tabular-nums">
          {question.answered} / {learners}
        </span>{' '}
        <Bar percent={percentOf(question.answered, learners)} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {right === null ? (
          t('none')
        ) : (
          <>
            <span className="inline-block w-20 tabular-nums">
              {right} ({rightPercent} %)
            </span>{' '}
            <Bar percent={rightPercent} />
          </>
        )}
      </td>
      <td className={cell}>{question.wrongAnswers.length ? <WrongAnswers answers={question.wrongAnswers} t={t} /> : t('none')}</td>
    </tr>
  );
}

function WrongAnswers({ answers, t }: { answers: WrongAnswer[]; t: TFunction }) {
  return (
    <ul className="space-y-1">
      {answers.map((answer, index) => (
        <li key={index}>
          {answer.gap !== null ? <span className="text-gray-700">{t('gap', { gap: answer.gap })}: </span> : null}
          {answer.answer} <span className="tabular-nums text-gray-700">({answer.learners})</span>
        </li>
      ))}
    </ul>
  );
}

const COUNT_KEYS = ['learners', 'progress', 'answered', 'rightAtFirstEvaluation', 'wrongAnswers', 'stops'] as const;

function Counts({ t }: { t: TFunction }) {
  return (
    <Section title={t('countsHeading')}>
      <ul className="list-disc space-y-1 ps-6 text-sm text-gray-800" data-testid="results-counts">
        {COUNT_KEYS.map((key) => (
          <li key={key}>{t(`counts.${key}`)}</li>
        ))}
      </ul>
    </Section>
  );
}
