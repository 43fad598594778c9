import type { AnyStateMachine } from 'xstate';
import { statePath, statesOf, transitionsOf, type Chart, type ChartState, type ChartTransition } from './chart';
import { CONSTANTS_FILE, constantOfDelay, type TimingConstant } from './constants';
import { actionList } from './mermaid';
import { describeImplementation, type ActionRef, type DelayRef } from './names';

/*
 * docs/statecharts/README.md: the index an auditor reads first. Per machine: purpose, states,
 * events, transitions, guards, actions and delays, each name as it appears in the diagrams.
 */

export type ExportedMachine = { name: string; machine: AnyStateMachine; chart: Chart };

/** Markdown table cell: no pipes or line breaks. */
function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

function table(head: string[], rows: string[][]): string[] {
  if (!rows.length) return ['(none)', ''];
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`), ''];
}

function stateKind(state: ChartState, parent: ChartState | undefined): string {
  const kinds: Record<ChartState['type'], string> = {
    atomic: 'atomic',
    compound: 'compound',
    parallel: 'parallel',
    final: 'final',
    history: `history (${state.history ?? 'shallow'})`,
  };
  const parts = [kinds[state.type]];
  if (parent?.type === 'parallel') parts.push('region');
  if (parent?.initial === state.id) parts.push('initial');
  return parts.join(', ');
}

function stateNotes(state: ChartState): string {
  const parts: string[] = [];
  if (state.description) parts.push(state.description);
  if (state.entry.length) parts.push(`Entry: ${actionList(state.entry)}.`);
  if (state.exit.length) parts.push(`Exit: ${actionList(state.exit)}.`);
  for (const invoke of state.invoke) parts.push(`Invokes ${code(invoke.src)}${invoke.id !== invoke.src ? ` as ${code(invoke.id)}` : ''} while active.`);
  if (state.timers.length) parts.push(`Timers: ${state.timers.map((t) => delayText(t.delay)).join(', ')}.`);
  if (state.tags.length) parts.push(`Tags: ${state.tags.map(code).join(', ')}.`);
  return parts.join(' ');
}

function delayText(delay: DelayRef): string {
  return delay.name ? `${delay.name} (${delay.ms !== undefined ? `${delay.ms} ms` : 'computed'})` : `${delay.ms} ms`;
}

function targetsText(chart: Chart, transition: ChartTransition): string {
  return transition.targets.length ? transition.targets.map((t) => statePath(chart, t)).join(', ') : '(stays; actions only)';
}

function eventMeaning(transition: ChartTransition): string {
  switch (transition.kind) {
    case 'always':
      return 'eventless: taken as soon as its guard holds';
    case 'after':
      return `timer: fires ${transition.delay?.ms !== undefined ? `${transition.delay.ms} ms` : 'a computed time'} after the state was entered, cancelled when it is left`;
    case 'done.actor':
      return `the invoked actor ${code(transition.event.slice('xstate.done.actor.'.length))} finished`;
    case 'error.actor':
      return `the invoked actor ${code(transition.event.slice('xstate.error.actor.'.length))} failed`;
    case 'done.state':
      return 'the compound state reached a final state';
    case 'snapshot':
      return 'the invoked actor emitted a snapshot';
    default:
      return 'sent to the actor';
  }
}

type Usage = { name: string; uses: string[] };

function collect(map: Map<string, Set<string>>, name: string, use: string) {
  if (!map.has(name)) map.set(name, new Set());
  map.get(name)!.add(use);
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortedUsages(map: Map<string, Set<string>>): Usage[] {
  return [...map.keys()].sort(byName).map((name) => ({ name, uses: [...map.get(name)!].sort(byName) }));
}

function transitionRef(chart: Chart, transition: ChartTransition): string {
  return `${statePath(chart, transition.source)} —${transition.trigger}→ ${targetsText(chart, transition)}`;
}

function machineSection({ name, machine, chart }: ExportedMachine, constants: TimingConstant[]): string[] {
  const states = statesOf(chart);
  const transitions = transitionsOf(chart);
  const parents = new Map<string, ChartState>();
  for (const state of states) for (const child of state.children) parents.set(child.id, state);
  const out: string[] = [`## ${name}`, ''];
  out.push(`**Purpose.** ${chart.description ?? '(the machine has no description)'}`, '');
  out.push(`Machine id ${code(chart.id)}. Files: [diagram](${name}.svg) · [Mermaid source](${name}.mmd) · [SCXML](${name}.scxml).`, '');

  out.push('### States', '');
  out.push(
    ...table(
      ['State', 'Kind', 'What it means'],
      states.filter((s) => s !== chart.root).map((s) => [code(statePath(chart, s.id)), stateKind(s, parents.get(s.id)), stateNotes(s)]),
    ),
  );
  const rootNotes = stateNotes({ ...chart.root, description: undefined });
  if (rootNotes) out.push(`The machine as a whole (${chart.root.type}): ${rootNotes}`, '');

  const external = [...new Set(transitions.filter((t) => t.kind === 'event').map((t) => t.event))].sort(byName);
  out.push('### Events accepted', '');
  out.push(
    ...table(
      ['Event', 'Handled in', 'What happens'],
      external.map((event) => {
        const handling = transitions.filter((t) => t.event === event);
        const sources = [...new Set(handling.map((t) => statePath(chart, t.source)))];
        return [
          code(event),
          sources.map(code).join(', '),
          handling
            .map((t) => {
              const where = sources.length > 1 ? `${code(statePath(chart, t.source))} ` : '';
              const guard = t.guard ? `[${t.guard}] ` : '';
              return `${where}${guard}${where || guard ? ': ' : ''}${t.description ?? `→ ${targetsText(chart, t)}`}`.replace(' : ', ': ');
            })
            .join(' '),
        ];
      }),
    ),
  );
  const internal = transitions.filter((t) => t.kind !== 'event');
  if (internal.length) {
    out.push('Besides these, the machine reacts to what happens inside it:', '');
    const seen = new Set<string>();
    for (const t of internal) {
      const key = `${t.trigger}|${t.event}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(`- ${code(t.trigger)}${t.event && t.event !== t.trigger ? ` (event ${code(t.event)})` : ''}: ${eventMeaning(t)}.`);
    }
    out.push('');
  }

  out.push('### Transitions', '');
  out.push(
    ...table(
      ['From', 'Trigger', 'Guard', 'To', 'Actions', 'Description'],
      transitions.map((t) => [
        code(statePath(chart, t.source)),
        code(t.trigger),
        t.guard ? code(t.guard) : '',
        targetsText(chart, t) + (t.reenter ? ' (re-enters)' : ''),
        actionList(t.actions),
        t.description ?? '',
      ]),
    ),
  );

  const guards = new Map<string, Set<string>>();
  for (const t of transitions) {
    if (!t.guard) continue;
    // One row per guard of setup(); a combined guard (and/or/not) is listed under each guard it uses.
    const refs = t.guardRefs.length ? t.guardRefs : [t.guard];
    for (const ref of refs) collect(guards, ref, ref === t.guard ? transitionRef(chart, t) : `as ${code(t.guard)} in ${transitionRef(chart, t)}`);
  }
  const implementedGuards = Object.keys(machine.implementations.guards).sort(byName);
  out.push('### Guards', '');
  out.push('A guard is a named condition of the machine (`setup({ guards })`); a transition with a guard is taken only when it holds. Where it is used says what it checks.', '');
  out.push(
    ...table(
      ['Guard', 'Used in', 'Descriptions of those transitions'],
      sortedUsages(guards).map((g) => [
        code(g.name),
        g.uses.join('; '),
        [...new Set(transitions.filter((t) => t.guard === g.name || t.guardRefs.includes(g.name)).map((t) => t.description).filter(Boolean))].join(' '),
      ]),
    ),
  );
  const unusedGuards = implementedGuards.filter((g) => !guards.has(g));
  if (unusedGuards.length) out.push(`Implemented in \`setup\` but used by no transition: ${unusedGuards.map(code).join(', ')}.`, '');

  const actions = new Map<string, Set<string>>();
  const kinds = new Map<string, ActionRef>();
  const note = (action: ActionRef, use: string) => {
    collect(actions, action.name, use);
    kinds.set(action.name, action);
  };
  for (const t of transitions) for (const a of t.actions) note(a, transitionRef(chart, t));
  for (const s of states) {
    for (const a of s.entry) note(a, `entry of ${statePath(chart, s.id)}`);
    for (const a of s.exit) note(a, `exit of ${statePath(chart, s.id)}`);
  }
  const implementations = machine.implementations.actions as Record<string, unknown>;
  out.push('### Actions', '');
  out.push('Actions are the effects of a transition or of entering/leaving a state. Names come from `setup({ actions })`; `assign(…)` and other built-ins written inline are named after what they change.', '');
  out.push(
    ...table(
      ['Action', 'What it does', 'Used in'],
      sortedUsages(actions).map((a) => {
        const ref = kinds.get(a.name)!;
        const what =
          ref.kind !== 'setup'
            ? `written inline: ${ref.inline ?? ref.kind}`
            : a.name in implementations
              ? describeImplementation(implementations[a.name])
              : 'declared by name only: provided by the component (machine.provide)';
        return [code(a.name), what, a.uses.join('; ')];
      }),
    ),
  );

  const delays = new Map<string, { delay: DelayRef; uses: Set<string> }>();
  for (const t of transitions) {
    if (!t.delay) continue;
    const key = t.delay.name ?? String(t.delay.ms);
    if (!delays.has(key)) delays.set(key, { delay: t.delay, uses: new Set() });
    delays.get(key)!.uses.add(transitionRef(chart, t));
  }
  out.push('### Delays', '');
  out.push(
    ...table(
      ['Delay', 'Value', `Constant (${CONSTANTS_FILE}, spec section 9)`, 'Used in'],
      [...delays.keys()].sort(byName).map((key) => {
        const { delay, uses } = delays.get(key)!;
        const constant = constantOfDelay(delay, chart.id, constants);
        return [
          code(delay.name ?? `${delay.ms}`),
          delay.ms !== undefined ? `${delay.ms} ms` : 'computed at run time',
          constant ? `${code(constant.name)}${constant.doc ? `: ${constant.doc}` : ''}` : delay.ms !== undefined ? 'no constant of that value' : '',
          [...uses].sort(byName).join('; '),
        ];
      }),
    ),
  );
  return out;
}

export function toReadme(exported: ExportedMachine[], constants: TimingConstant[]): string {
  const out: string[] = [
    '# Statecharts of the viewer',
    '',
    'Generated by `npm run statecharts` from the machine objects of `scripts/statecharts/machines.ts` (`machines/index.ts` and every element kind\'s `*.machine.ts`; XState v5). Do not edit:',
    '`npm run statecharts -- --check` (part of `npm test`) fails when these files differ from what the machines say.',
    'Path coverage (which transitions the tests reach): [coverage.md](coverage.md).',
    '',
    '## How to read the diagrams',
    '',
    '- A box is a state; a box with states inside is a compound state (exactly one inner state is active, `●→` marks the one entered first) or, split by dashed lines, a parallel state (all regions active at once).',
    '- An arrow is a transition, labelled `trigger [guard] / actions`: the trigger is an event name, `always` (taken as soon as its guard holds), `after 4000ms (slideInterval)` (a timer named in the machine, with its value), or `done: x` / `error: x` (the invoked actor `x` finished or failed). `(re-enters)`: the state is left and entered again, restarting its timers. A loop without a new state only runs its actions.',
    '- Several transitions between the same two states share one arrow, one line each. “in any state of x” stands for the compound state `x` itself: the transition applies whichever state inside `x` is active.',
    '- The yellow notes hold the state descriptions from the machine, its entry/exit actions, invoked actors and tags.',
    '- In the SCXML files, `cond` holds the guard name, `<x:action name=…>` names an action, `x:description` carries the description, and a timer is a `<send delay>` on entry with a `<cancel>` on exit (namespace `urn:lernwerk:xstate`; `datamodel="xstate"` says the conditions are guard names, not expressions).',
    '',
    '## Machines',
    '',
    ...table(
      ['Machine', 'Purpose', 'States', 'Transitions', 'Files'],
      exported.map(({ name, chart }) => [
        `[${name}](#${name.toLowerCase()})`,
        chart.description ?? '',
        String(statesOf(chart).length - 1),
        String(transitionsOf(chart).length),
        `[diagram](${name}.svg) · [Mermaid](${name}.mmd) · [SCXML](${name}.scxml)`,
      ]),
    ),
  ];
  for (const entry of exported) out.push(...machineSection(entry, constants));
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
