import { describe, expect, it } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import {
  isDisplayMode, isEditingMode, isLinkEditorOpen, linkEditorMachine, normalizedInput, type LinkEditorContext, type LinkEditorEvent,
} from '../../machines/linkEditor';
import { LINK_INPUT_WIDTH_PX, UNDO_HISTORY_LIMIT } from '../../model/constants';
import { normalizeLinkUrl } from '../../model/linkUrl';
import { linkEditorEvents } from '../../scripts/statecharts/walkConfigs';
import { walkedChartShare } from './chartCoverage';
import { itWalks, pathsOf, runPath } from './walkMachine';

const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');

function harness() {
  const effects: string[] = [];
  const machine = linkEditorMachine.provide({
    actions: {
      freezeSelection: () => effects.push('freeze'),
      releaseSelection: () => effects.push('release'),
      applyLink: (_, params) => effects.push(`apply ${params.href}`),
      removeLink: () => effects.push('remove'),
    },
  });
  return { machine, effects, start: () => createActor(machine).start() };
}

describe('link editor behaviour (spec sections 4 and 5)', () => {
  it('the URL input is 300 px wide; the editor’s undo history keeps 100 entries (spec section 9)', () => {
    expect(LINK_INPUT_WIDTH_PX).toBe(300);
    expect(UNDO_HISTORY_LIMIT).toBe(100);
  });

  it('a selection holding a link opens in display mode, with the link; Edit puts it into the input', () => {
    const h = harness();
    const actor = h.start();
    expect(isLinkEditorOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'link.open', href: 'https://example.org/' });
    expect(isDisplayMode(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.href).toBe('https://example.org/');
    expect(h.effects).toEqual(['freeze']);
    actor.send({ type: 'link.edit' });
    expect(isEditingMode(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.input).toBe('https://example.org/');
  });

  it('a selection without a link opens in editing mode with an empty input', () => {
    const actor = harness().start();
    actor.send({ type: 'link.open', href: null });
    expect(isEditingMode(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ href: null, input: '', error: null });
  });

  it('Save applies the normalised URL, then gives the selection back', () => {
    const h = harness();
    const actor = h.start();
    actor.send({ type: 'link.open', href: null });
    actor.send({ type: 'input.change', value: '  www.example.org/kurs ' });
    expect(normalizedInput(actor.getSnapshot())).toBe('https://www.example.org/kurs');
    actor.send({ type: 'link.save' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(h.effects).toEqual(['freeze', 'apply https://www.example.org/kurs', 'release']);
  });

  it('an invalid URL stays in editing with invalid-url, until the input changes', () => {
    const h = harness();
    const actor = h.start();
    actor.send({ type: 'link.open', href: null });
    for (const value of ['', 'javascript:alert(1)', 'data:text/html,x', 'exa mple.org']) {
      actor.send({ type: 'input.change', value });
      actor.send({ type: 'link.save' });
      expect(isEditingMode(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('invalid-url');
    }
    actor.send({ type: 'input.change', value: 'mailto:ada@example.org' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'link.save' });
    expect(h.effects).toEqual(['freeze', 'apply mailto:ada@example.org', 'release']);
  });

  it('Delete removes the link before the selection is given back; Escape changes nothing', () => {
    const h = harness();
    const actor = h.start();
    actor.send({ type: 'link.open', href: 'https://example.org/' });
    actor.send({ type: 'link.remove' });
    expect(h.effects).toEqual(['freeze', 'remove', 'release']);
    actor.send({ type: 'link.open', href: 'https://example.org/' });
    actor.send({ type: 'link.edit' });
    actor.send({ type: 'input.change', value: 'example.com' });
    actor.send({ type: 'link.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(h.effects.slice(3)).toEqual(['freeze', 'release']);
  });

  it('Cancel goes back to the link shown before, or closes when there was none; saving the same link changes nothing', () => {
    const h = harness();
    const actor = h.start();
    actor.send({ type: 'link.open', href: 'https://example.org/' });
    actor.send({ type: 'link.edit' });
    actor.send({ type: 'input.change', value: 'other.org' });
    actor.send({ type: 'link.cancel' });
    expect(isDisplayMode(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'link.edit' });
    actor.send({ type: 'input.change', value: 'example.org' });
    actor.send({ type: 'link.save' });
    expect(h.effects).toEqual(['freeze', 'release']);
    actor.send({ type: 'link.open', href: null });
    actor.send({ type: 'link.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

/* The model: what each event does from each state. */

type Expected = { name: string; to: string; effects: string[]; context?: Partial<LinkEditorContext> };

function expected(from: string, c: LinkEditorContext, e: LinkEditorEvent): Expected | undefined {
  const valid = normalizeLinkUrl(c.input);
  if (from === 'closed') {
    if (e.type !== 'link.open') return undefined;
    const href = e.href || null;
    return href
      ? { name: 'closed link.open (a link) → display', to: 'open.display', effects: ['freeze'], context: { href, input: href, error: null } }
      : { name: 'closed link.open (no link) → editing', to: 'open.editing', effects: ['freeze'], context: { href: null, input: '', error: null } };
  }
  if (e.type === 'link.close') return { name: `${from} link.close → closed`, to: 'closed', effects: ['release'] };
  if (from === 'open.display') {
    if (e.type === 'link.edit') return { name: 'display link.edit → editing', to: 'open.editing', effects: [], context: { input: c.href ?? '', error: null } };
    if (e.type === 'link.remove') return { name: 'display link.remove → closed', to: 'closed', effects: ['remove', 'release'] };
    return undefined;
  }
  switch (e.type) {
    case 'input.change':
      return { name: 'editing input.change', to: from, effects: [], context: { input: e.value, error: null } };
    case 'link.save':
      if (!valid.ok) return { name: 'editing link.save (invalid) → editing', to: from, effects: [], context: { error: 'invalid-url' } };
      if (valid.href === c.href) return { name: 'editing link.save (same link) → closed', to: 'closed', effects: ['release'] };
      return { name: 'editing link.save (valid) → closed', to: 'closed', effects: [`apply ${valid.href}`, 'release'] };
    case 'link.cancel':
      return c.href !== null
        ? { name: 'editing link.cancel (had a link) → display', to: 'open.display', effects: [] }
        : { name: 'editing link.cancel (no link) → closed', to: 'closed', effects: ['release'] };
    default:
      return undefined;
  }
}

const events: LinkEditorEvent[] = linkEditorEvents;
const key = (s: { context: LinkEditorContext }) => [s.context.href, normalizeLinkUrl(s.context.input), s.context.error];

describe('link editor model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  const { paths, stats } = pathsOf(linkEditorMachine, { input: undefined, events, key });
  let h = harness();
  itWalks('linkEditor', { paths, stats }, async (path) => {
    h = harness();
    let before = 0;
    await runPath(
      h.machine,
      path,
      undefined,
      ({ snapshot, event, previous }) => {
        const rule = expected(pathOf(previous.value), previous.context, event);
        if (rule) walked.add(rule.name);
        expect(pathOf(snapshot.value)).toBe(rule?.to ?? pathOf(previous.value));
        expect(snapshot.context).toEqual({ ...previous.context, ...rule?.context });
        expect(h.effects.slice(before)).toEqual(rule?.effects ?? []);
        before = h.effects.length;
        // The selection is frozen exactly while the link editor shows.
        expect(h.effects.filter((x) => x === 'freeze').length - h.effects.filter((x) => x === 'release').length).toBe(isLinkEditorOpen(snapshot) ? 1 : 0);
      },
    );
  });

  it('walked every rule of the model', () => {
    expect([...walked].sort()).toEqual(
      [
        'closed link.open (a link) → display', 'closed link.open (no link) → editing', 'open.display link.close → closed', 'open.editing link.close → closed',
        'display link.edit → editing', 'display link.remove → closed', 'editing input.change', 'editing link.save (invalid) → editing',
        'editing link.save (same link) → closed', 'editing link.save (valid) → closed', 'editing link.cancel (had a link) → display',
        'editing link.cancel (no link) → closed',
      ].sort(),
    );
  });

  it('the walk configuration walks every transition of the chart', () => {
    expect(walkedChartShare('linkEditor')).toEqual({ share: 1, notWalked: [] });
  });
});
