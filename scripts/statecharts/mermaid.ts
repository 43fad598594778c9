import type { Chart, ChartState, ChartTransition } from './chart';
import type { ActionRef } from './names';

/*
 * Mermaid `stateDiagram-v2` of a chart: compound states as blocks with `[*] -->` their initial
 * state, parallel regions separated by `--`, final states `--> [*]`, every transition labelled
 * `trigger [guard] / actions`, and each state's description (with entry, exit, invoke, tags) as a note.
 */

const NOTE_WIDTH = 48;

/** Mermaid ids: letters, digits and `_` only, prefixed so no state id clashes with a keyword. */
function idMapper() {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  return (stateId: string): string => {
    const known = ids.get(stateId);
    if (known) return known;
    const base = `s_${stateId.replace(/\./g, '__').replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    ids.set(stateId, id);
    used.add(id);
    return id;
  };
}

/** Text on an edge or in a state name: Mermaid reads `#`, `;` and `"` as syntax, so they become entity codes. */
function escapeText(text: string): string {
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;').replace(/"/g, '#quot;').replace(/[\r\n]+/g, ' ');
}

function wrap(text: string, width = NOTE_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** `report ×3` instead of three equal names in a row. */
export function actionList(actions: ActionRef[]): string {
  const parts: string[] = [];
  for (let i = 0; i < actions.length; ) {
    let n = 1;
    while (i + n < actions.length && actions[i + n].name === actions[i].name) n++;
    parts.push(n > 1 ? `${actions[i].name} ×${n}` : actions[i].name);
    i += n;
  }
  return parts.join(', ');
}

export function transitionLabel(transition: ChartTransition): string {
  let label = transition.trigger;
  if (transition.guard) label += ` [${transition.guard}]`;
  if (transition.actions.length) label += ` / ${actionList(transition.actions)}`;
  if (transition.reenter) label += ' (re-enters)';
  return label;
}

function noteLines(state: ChartState): string[] {
  const lines: string[] = [];
  if (state.description) lines.push(...wrap(state.description));
  if (state.entry.length) lines.push(...wrap(`entry / ${actionList(state.entry)}`));
  if (state.exit.length) lines.push(...wrap(`exit / ${actionList(state.exit)}`));
  for (const invoke of state.invoke) lines.push(...wrap(`invokes ${invoke.src}${invoke.id !== invoke.src ? ` as ${invoke.id}` : ''}`));
  if (state.tags.length) lines.push(...wrap(`tags: ${state.tags.join(', ')}`));
  return lines;
}

/** A transition of a block state to a state inside it. */
function startsInside(state: ChartState, transition: ChartTransition): boolean {
  const inside = new Set<string>();
  const collect = (node: ChartState) => node.children.forEach((child) => (inside.add(child.id), collect(child)));
  collect(state);
  return transition.targets.some((target) => inside.has(target));
}

/** Key of the "in any state of …" marker of a block (never a state id: `#` cannot occur in one). */
function anyStateId(state: ChartState): string {
  return `${state.id}#any`;
}

/**
 * The root is drawn as a block when it needs one: parallel regions need an enclosing state, and
 * transitions of the root itself (`on` at machine level) need a box to start from.
 */
function rootNeedsBlock(root: ChartState): boolean {
  return root.type === 'parallel' || root.transitions.length > 0 || root.entry.length > 0 || root.exit.length > 0 || root.invoke.length > 0;
}

export function toMermaid(chart: Chart): string {
  const idOf = idMapper();
  // The machine's description is the diagram's title.
  const title = chart.description ? `${chart.id} — ${chart.description}` : chart.id;
  const out: string[] = ['---', `title: ${JSON.stringify(title)}`, '---', 'stateDiagram-v2'];

  const emitNote = (id: string, lines: string[], indent: string, side: 'left' | 'right') => {
    if (lines.length) out.push(`${indent}note ${side} of ${id}`, ...lines.map((line) => `${indent}  ${line}`), `${indent}end note`);
  };

  const emitChildren = (state: ChartState, indent: string) => {
    // Mermaid cannot draw an edge from a block to a state inside it: such transitions start at a
    // marker inside the block that stands for "whatever state inside is active".
    if (state.transitions.some((t) => startsInside(state, t))) {
      out.push(`${indent}state "${escapeText(`in any state of ${state === chart.root ? chart.id : state.key}`)}" as ${idOf(anyStateId(state))}`);
    }
    if (state.type === 'parallel') {
      state.children.forEach((child, index) => {
        if (index > 0) out.push(`${indent}--`);
        emitState(child, indent);
      });
    } else {
      if (state.initial) out.push(`${indent}[*] --> ${idOf(state.initial)}`);
      for (const child of state.children) emitState(child, indent);
    }
  };

  const emitState = (state: ChartState, indent: string, name = state.key, note = noteLines(state)) => {
    const id = idOf(state.id);
    const label = state.type === 'history' ? `${name} (${state.history ?? 'shallow'} history)` : name;
    out.push(`${indent}state "${escapeText(label)}" as ${id}`);
    if (state.children.length) {
      out.push(`${indent}state ${id} {`);
      emitChildren(state, `${indent}  `);
      out.push(`${indent}}`);
    }
    if (state.type === 'final') out.push(`${indent}${id} --> [*]`);
    emitNote(id, note, indent, 'right');
  };

  const root = chart.root;
  const rootNote = noteLines({ ...root, description: undefined });
  if (rootNeedsBlock(root)) {
    emitState(root, '  ', chart.id, []);
    emitNote(idOf(root.id), rootNote, '  ', 'left');
  } else {
    emitChildren(root, '  ');
  }

  // Edges after every state is declared (Mermaid puts a state in the block where it is first named);
  // transitions between the same two states share one edge, one line of its label each.
  const edges = new Map<string, string[]>();
  const visit = (state: ChartState) => {
    for (const transition of state.transitions) {
      const targets = transition.targets.length ? transition.targets : [state.id];
      const from = idOf(startsInside(state, transition) ? anyStateId(state) : state.id);
      for (const target of targets) {
        const edge = `${from} --> ${idOf(target)}`;
        edges.set(edge, [...(edges.get(edge) ?? []), escapeText(transitionLabel(transition))]);
      }
    }
    state.children.forEach(visit);
  };
  visit(root);
  for (const [edge, labels] of edges) out.push(`  ${edge} : ${labels.join('<br/>')}`);
  return `${out.join('\n')}\n`;
}
