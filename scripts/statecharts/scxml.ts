import type { Chart, ChartState, ChartTransition } from './chart';
import type { ActionRef, DelayRef } from './names';

/*
 * W3C SCXML 1.0 of a chart. The machine is one top state (or parallel) of `<scxml>`, so transitions
 * of the machine root have a place. Guards are `cond` by name; actions are named by `<x:action>`
 * elements of our own namespace (executable content admits other namespaces); `after` timers are
 * what SCXML makes of them: `<send delay>` on entry, `<cancel>` on exit, a transition on that event.
 * Descriptions travel as `x:description` attributes.
 */

export const XSTATE_NAMESPACE = 'urn:lernwerk:xstate';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An xsd:ID: an NCName (letters, digits, `.`, `-`, `_`, not starting with a digit, `.` or `-`). */
function idMapper() {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  return (key: string): string => {
    const known = ids.get(key);
    if (known) return known;
    let base = key.replace(/[^A-Za-z0-9._-]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    ids.set(key, id);
    used.add(id);
    return id;
  };
}

function attrs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

function delayValue(delay: DelayRef): string | undefined {
  return delay.ms !== undefined ? `${delay.ms}ms` : undefined;
}

export function toScxml(chart: Chart): string {
  const idOf = idMapper();
  const lines: string[] = [];
  const push = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  const actionElements = (depth: number, actions: ActionRef[]) => {
    for (const action of actions) push(depth, `<x:action${attrs({ name: action.name, kind: action.kind })}/>`);
  };

  const transitionElement = (depth: number, transition: ChartTransition) => {
    const attributes = attrs({
      event: transition.event || undefined,
      cond: transition.guard,
      target: transition.targets.length ? transition.targets.map(idOf).join(' ') : undefined,
      type: transition.targets.length && transition.internal ? 'internal' : undefined,
      'x:trigger': transition.kind === 'event' ? undefined : transition.trigger,
      'x:description': transition.description,
    });
    if (!transition.actions.length) return push(depth, `<transition${attributes}/>`);
    push(depth, `<transition${attributes}>`);
    actionElements(depth + 1, transition.actions);
    push(depth, '</transition>');
  };

  const stateElement = (depth: number, state: ChartState, isTop: boolean, parent?: ChartState) => {
    if (state.type === 'history') {
      // SCXML wants the default target of a history state; XState's default is the parent's initial state.
      const target = parent?.initial ?? parent?.children.find((child) => child.type !== 'history')?.id;
      push(depth, `<history${attrs({ id: idOf(state.id), type: state.history ?? 'shallow', 'x:description': state.description })}>`);
      push(depth + 1, `<transition${attrs({ target: target ? idOf(target) : undefined })}/>`);
      push(depth, '</history>');
      return;
    }
    const tag = state.type === 'parallel' ? 'parallel' : state.type === 'final' ? 'final' : 'state';
    const attributes = attrs({
      id: idOf(state.id),
      initial: state.initial ? idOf(state.initial) : undefined,
      'x:description': isTop ? chart.description : state.description,
      'x:tags': state.tags.length ? state.tags.join(' ') : undefined,
    });
    const hasEntry = state.entry.length > 0 || state.timers.length > 0;
    const hasExit = state.exit.length > 0 || state.timers.length > 0;
    const hasContent = hasEntry || hasExit || state.invoke.length || state.transitions.length || state.children.length;
    if (!hasContent) return push(depth, `<${tag}${attributes}/>`);
    push(depth, `<${tag}${attributes}>`);
    if (hasEntry) {
      push(depth + 1, '<onentry>');
      actionElements(depth + 2, state.entry);
      for (const timer of state.timers) {
        push(depth + 2, `<send${attrs({ id: idOf(`timer:${timer.event}`), event: timer.event, delay: delayValue(timer.delay), 'x:delay': timer.delay.name })}/>`);
      }
      push(depth + 1, '</onentry>');
    }
    if (hasExit) {
      push(depth + 1, '<onexit>');
      actionElements(depth + 2, state.exit);
      for (const timer of state.timers) push(depth + 2, `<cancel${attrs({ sendid: idOf(`timer:${timer.event}`) })}/>`);
      push(depth + 1, '</onexit>');
    }
    for (const invoke of state.invoke) push(depth + 1, `<invoke${attrs({ id: idOf(`invoke:${state.id}:${invoke.id}`), type: 'xstate', src: invoke.src, 'x:id': invoke.id })}/>`);
    for (const transition of state.transitions) transitionElement(depth + 1, transition);
    for (const child of state.children) stateElement(depth + 1, child, false, state);
    push(depth, `</${tag}>`);
  };

  // State ids first, so a `send`/`invoke` id can never take a name a state needs.
  const reserve = (state: ChartState) => {
    idOf(state.id);
    state.children.forEach(reserve);
  };
  reserve(chart.root);

  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(`<!-- Generated by \`npm run statecharts\` from machine "${escapeXml(chart.id).replace(/--/g, '- -')}" (scripts/statecharts/machines.ts). Do not edit. -->`);
  lines.push(
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:x="${XSTATE_NAMESPACE}" version="1.0"${attrs({ name: chart.id.replace(/[^A-Za-z0-9._-]/g, '_'), initial: idOf(chart.root.id) })} datamodel="xstate">`,
  );
  stateElement(1, chart.root, true);
  lines.push('</scxml>');
  return `${lines.join('\n')}\n`;
}
