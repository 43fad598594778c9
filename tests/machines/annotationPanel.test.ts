import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type StateValue } from 'xstate';
import { annotationMachine, annotationOverlaysOf, isBlankNote, statusOf } from '../../machines/annotation';
import {
  ANNOTATION_PANEL_OVERLAY, annotationPanelMachine, canEditComment, canSubmitComment, isPanelOpen, panelOverlaysOf, shownAnnotation, shownAnnotationOf,
  sortAnnotations, sortedAnnotations, type AddCommentInput, type AnnotationPanelContext, type AnnotationPanelEvent, type AnnotationPanelInput,
  type LoadAnnotationsInput, type UpdateCommentInput,
} from '../../machines/annotationPanel';
import { ANNOTATION_DEFAULT_SORT, ANNOTATION_PANEL_WIDTH_PX } from '../../model/constants';
import { overlaysMachine } from '../../machines/overlays';
import { RICH_TEXT_LIMITS, richTextToPlainText, type RichTextDoc } from '../../model/richTextDoc';
import { sameNote } from '../../model/sameNote';
import type { Annotation, Comment } from '../../model/annotation';
import { RequestKey } from '../../model/requestKey';
import { annotationComment, annotationOf, annotationPanelKey, httpError, noteOf, walkConfigs } from '../../scripts/statecharts/walkConfigs';
import { walkedChartShare } from './chartCoverage';
import { itWalks, pathsOf, runPath } from './walkMachine';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');
const state = (actor: { getSnapshot(): { value: StateValue } }) => pathOf(actor.getSnapshot().value);

type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

function harness() {
  const log: string[] = [];
  const calls = {
    loadAnnotations: [] as Pending<LoadAnnotationsInput, Annotation[]>[],
    addComment: [] as Pending<AddCommentInput, Comment>[],
    updateComment: [] as Pending<UpdateCommentInput, void>[],
  };
  const pending = <I, O>(name: keyof typeof calls) =>
    fromPromise<O, I>(({ input }) =>
      new Promise<O>((resolve, reject) => {
        log.push(`call ${name}`);
        (calls[name] as unknown as Pending<I, O>[]).push({ input, resolve, reject });
      }),
    );
  const machine = annotationPanelMachine.provide({
    actions: { notifyFailure: (_, { error }) => log.push(`failure toast ${statusOf(error) ?? 'network'}`) },
    actors: {
      loadAnnotations: pending<LoadAnnotationsInput, Annotation[]>('loadAnnotations'),
      addComment: pending<AddCommentInput, Comment>('addComment'),
      updateComment: pending<UpdateCommentInput, void>('updateComment'),
    },
  });
  const start = (input: AnnotationPanelInput) => createActor(machine, { input }).start();
  const last = <K extends keyof typeof calls>(name: K) => calls[name][calls[name].length - 1] as (typeof calls)[K][number];
  return { machine, log, calls, start, last };
}

const c1 = annotationComment('c1', true, 'My comment.');
const c2 = annotationComment('c2', false, 'Bob’s comment.');
const a1 = annotationOf('a1', true, 'First note.', { comments: [c1, c2] });
const a2 = annotationOf('a2', false, 'Bob’s note.', { created_at: '2025-03-05T08:00:00.000Z' });
const a0 = annotationOf('a0', false, '', { created_at: '2025-03-01T08:00:00.000Z' });
const ids = (list: Annotation[]) => list.map((a) => a.id);

async function openOn(h: ReturnType<typeof harness>, input: AnnotationPanelInput = { commentsEnabled: true }) {
  const actor = h.start(input);
  actor.send({ type: 'panel.open' });
  h.last('loadAnnotations').resolve([a1, a2, a0]);
  await settle();
  return actor;
}

describe('annotation panel: list, sort, detail (spec sections 2 and 9)', () => {
  it('is 580 px wide and sorts newest first by default', () => {
    expect(ANNOTATION_PANEL_WIDTH_PX).toBe(580);
    expect(ANNOTATION_DEFAULT_SORT).toBe('desc');
  });

  it('loads the list for the marks at start (the panel stays closed); a failed load leaves it closed with no marks', async () => {
    const h = harness();
    const actor = h.start({ commentsEnabled: true });
    expect(state(actor)).toBe('starting');
    h.last('loadAnnotations').resolve([a1, a2]);
    await settle();
    expect(state(actor)).toBe('closed');
    expect(ids(actor.getSnapshot().context.annotations)).toEqual(['a1', 'a2']);
    const failing = h.start({ commentsEnabled: true });
    h.last('loadAnnotations').reject(httpError(503));
    await settle();
    expect(state(failing)).toBe('closed');
    expect(failing.getSnapshot().context.annotations).toEqual([]);
    expect(h.log).toEqual(['call loadAnnotations', 'call loadAnnotations']);
  });

  it('opens on the list, loaded on every opening; newest first, or oldest first', async () => {
    const h = harness();
    const actor = h.start({ commentsEnabled: true });
    expect(isPanelOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'panel.open' });
    expect(state(actor)).toBe('open.list.loading');
    h.last('loadAnnotations').resolve([a1, a2, a0]);
    await settle();
    expect(state(actor)).toBe('open.list.loaded');
    expect(ids(sortedAnnotations(actor.getSnapshot()))).toEqual(['a2', 'a1', 'a0']);
    actor.send({ type: 'sort.change', sort: 'asc' });
    expect(ids(sortedAnnotations(actor.getSnapshot()))).toEqual(['a0', 'a1', 'a2']);
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.open' });
    // The load at start, then one per opening.
    expect(h.calls.loadAnnotations).toHaveLength(3);
    expect(actor.getSnapshot().context.sort).toBe('asc');
  });

  it('sorting is stable for equal dates', () => {
    const twin = annotationOf('b1', true, '');
    expect(ids(sortAnnotations([twin, a1], 'desc'))).toEqual(['b1', 'a1']);
    expect(ids(sortAnnotations([twin, a1], 'asc'))).toEqual(['a1', 'b1']);
  });

  it('a failed load can be retried', async () => {
    const h = harness();
    const actor = h.start({ commentsEnabled: false });
    actor.send({ type: 'panel.open' });
    h.last('loadAnnotations').reject(httpError(503));
    await settle();
    expect(state(actor)).toBe('open.list.failed');
    actor.send({ type: 'list.retry' });
    h.last('loadAnnotations').resolve([a1]);
    await settle();
    expect(state(actor)).toBe('open.list.loaded');
  });

  it('a card opens the detail; Back returns to the list; an unknown annotation opens nothing', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'nope' });
    expect(state(actor)).toBe('open.list.loaded');
    actor.send({ type: 'annotation.show', id: 'a1' });
    expect(state(actor)).toBe('open.detail.reading');
    expect(shownAnnotation(actor.getSnapshot())?.id).toBe('a1');
    actor.send({ type: 'detail.back' });
    expect(state(actor)).toBe('open.list.loaded');
    expect(actor.getSnapshot().context.shownId).toBeNull();
  });

  it('a highlight pressed with the panel closed opens it on that annotation once loaded', async () => {
    const h = harness();
    const actor = h.start({ commentsEnabled: true });
    h.last('loadAnnotations').resolve([a1, a2]);
    await settle();
    actor.send({ type: 'annotation.show', id: 'a2' });
    expect(state(actor)).toBe('open.list.loading');
    h.last('loadAnnotations').resolve([a1, a2]);
    await settle();
    expect(state(actor)).toBe('open.detail.reading');
    expect(shownAnnotation(actor.getSnapshot())?.id).toBe('a2');
    // …and one that is gone by then leaves the list showing.
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'annotation.show', id: 'a9' });
    h.last('loadAnnotations').resolve([a1, a2]);
    await settle();
    expect(state(actor)).toBe('open.list.loaded');
  });

  it('follows what annotation actors announce; the shown annotation deleted goes back to the list', async () => {
    const h = harness();
    const actor = await openOn(h);
    const fresh = annotationOf('a3', true, '', { created_at: '2025-03-09T08:00:00.000Z' });
    actor.send({ type: 'annotation.created', annotation: fresh });
    expect(ids(sortedAnnotations(actor.getSnapshot()))).toEqual(['a3', 'a2', 'a1', 'a0']);
    actor.send({ type: 'annotation.updated', annotation: { ...a1, note: noteOf('Edited.') } });
    expect(actor.getSnapshot().context.annotations.find((a) => a.id === 'a1')?.note).toEqual(noteOf('Edited.'));
    actor.send({ type: 'annotation.show', id: 'a1' });
    actor.send({ type: 'annotation.deleted', id: 'a2' });
    expect(state(actor)).toBe('open.detail.reading');
    actor.send({ type: 'annotation.deleted', id: 'a1' });
    expect(state(actor)).toBe('open.list.loaded');
    expect(ids(sortedAnnotations(actor.getSnapshot()))).toEqual(['a3', 'a0']);
  });
});

describe('annotation panel: comments (ANNOTATION_COMMENTS, spec sections 5 and 6)', () => {
  it('without the flag the detail shows no comments and takes none', async () => {
    const h = harness();
    const actor = await openOn(h, { commentsEnabled: false });
    actor.send({ type: 'annotation.show', id: 'a1' });
    expect(state(actor)).toBe('open.detail.withoutComments');
    actor.send({ type: 'comment.change', content: noteOf('Hi') });
    actor.send({ type: 'comment.submit' });
    expect(h.calls.addComment).toHaveLength(0);
  });

  it('an empty comment is not submitted; a comment is added and shows last', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'a1' });
    actor.send({ type: 'comment.submit' });
    actor.send({ type: 'comment.change', content: noteOf('   ') });
    expect(canSubmitComment(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'comment.submit' });
    expect(h.calls.addComment).toHaveLength(0);
    actor.send({ type: 'comment.change', content: noteOf('x'.repeat(RICH_TEXT_LIMITS.maxTotalText + 1)) });
    expect(canSubmitComment(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'comment.change', content: noteOf('Good point.') });
    expect(canSubmitComment(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'comment.submit' });
    expect(h.last('addComment').input).toEqual({ annotation: { id: 'a1' }, content: noteOf('Good point.'), requestKey: actor.getSnapshot().context.commentRequestKey });
    const c3 = annotationComment('c3', true, 'Good point.');
    h.last('addComment').resolve(c3);
    await settle();
    expect(state(actor)).toBe('open.detail.reading');
    expect(shownAnnotation(actor.getSnapshot())?.comments).toEqual([c1, c2, c3]);
    expect(isBlankNote(actor.getSnapshot().context.commentDraft)).toBe(true);
  });

  it('a failed comment stays in the input and says so', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'a1' });
    actor.send({ type: 'comment.change', content: noteOf('Keep me.') });
    actor.send({ type: 'comment.submit' });
    h.last('addComment').reject(new TypeError('Failed to fetch'));
    await settle();
    expect(state(actor)).toBe('open.detail.reading');
    expect(actor.getSnapshot().context.commentDraft).toEqual(noteOf('Keep me.'));
    expect(h.log.at(-1)).toBe('failure toast network');
  });

  it('a comment sent again after a failure carries its request key; the next comment, or one after leaving the detail, a new one', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'a1' });
    const first = actor.getSnapshot().context.commentRequestKey;
    expect(RequestKey.safeParse(first).success).toBe(true);
    actor.send({ type: 'comment.change', content: noteOf('Keep me.') });
    actor.send({ type: 'comment.submit' });
    h.last('addComment').reject(new TypeError('Failed to fetch'));
    await settle();
    actor.send({ type: 'comment.change', content: noteOf('Keep me, edited.') });
    actor.send({ type: 'comment.submit' });
    h.last('addComment').resolve(annotationComment('c3', true, 'Keep me, edited.'));
    await settle();
    expect(h.calls.addComment.map((call) => call.input.requestKey)).toEqual([first, first]);

    const second = actor.getSnapshot().context.commentRequestKey;
    expect(second).not.toBe(first);
    actor.send({ type: 'comment.change', content: noteOf('Given up.') });
    actor.send({ type: 'detail.back' });
    actor.send({ type: 'annotation.show', id: 'a1' });
    expect(actor.getSnapshot().context.commentRequestKey).not.toBe(second);
  });

  it('only the owner edits a comment’s content; others see it read-only', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'a1' });
    expect(canEditComment(c1)).toBe(true);
    expect(canEditComment(c2)).toBe(false);
    actor.send({ type: 'comment.edit', commentId: 'c2' });
    expect(state(actor)).toBe('open.detail.reading');
    actor.send({ type: 'comment.edit', commentId: 'c1' });
    expect(state(actor)).toBe('open.detail.editingComment');
    expect(actor.getSnapshot().context.commentEdit).toEqual(c1.content);
    actor.send({ type: 'commentEdit.change', content: noteOf('') });
    actor.send({ type: 'commentEdit.save' });
    expect(state(actor)).toBe('open.detail.editingComment');
    actor.send({ type: 'commentEdit.change', content: noteOf('My comment, better.') });
    actor.send({ type: 'commentEdit.save' });
    expect(h.last('updateComment').input).toEqual({
      comment: { id: 'c1' },
      newValues: { content: noteOf('My comment, better.') },
      oldValues: { content: noteOf('My comment.') },
    });
    h.last('updateComment').reject(httpError(409));
    await settle();
    expect(state(actor)).toBe('open.detail.editingComment');
    expect(actor.getSnapshot().context.commentEdit).toEqual(noteOf('My comment, better.'));
    expect(h.log.at(-1)).toBe('failure toast 409');
    actor.send({ type: 'commentEdit.save' });
    h.last('updateComment').resolve();
    await settle();
    expect(state(actor)).toBe('open.detail.reading');
    expect(shownAnnotation(actor.getSnapshot())?.comments[0]).toMatchObject({ content: noteOf('My comment, better.'), contentHtml: '<p>My comment, better.</p>' });
  });

  it('an unknown comment is not edited', async () => {
    const h = harness();
    const actor = await openOn(h);
    actor.send({ type: 'annotation.show', id: 'a1' });
    actor.send({ type: 'comment.edit', commentId: 'c9' });
    expect(state(actor)).toBe('open.detail.reading');
  });
});

/*
 * The overlay rule (spec section 4) the way the viewer applies it (src/ui/useOverlay.ts): the glue
 * registers in the page's overlay stack what each machine says is open, and a dismissal of the
 * stack (Escape, a press outside the topmost, another overlay of the group) is sent to its owner.
 */
function page(commentsEnabled = true) {
  const h = harness();
  const overlays = createActor(overlaysMachine).start();
  const panel = h.start({ commentsEnabled });
  const annotation = createActor(
    annotationMachine.provide({ actors: { deleteAnnotation: fromPromise(() => new Promise<void>(() => {})) } }),
    { input: { mayAnnotate: true, annotation: a1 } },
  ).start();
  const sync = () => {
    const wanted = [...panelOverlaysOf(panel.getSnapshot()), ...annotationOverlaysOf(annotation.getSnapshot())];
    const open = () => overlays.getSnapshot().context.stack;
    for (const overlay of wanted) if (!open().some((o) => o.id === overlay.id)) overlays.send({ type: 'overlay.open', ...overlay });
    // Only its own overlays: the others belong to other components.
    for (const overlay of open()) {
      if (overlay.id.startsWith('annotation') && !wanted.some((w) => w.id === overlay.id)) overlays.send({ type: 'overlay.close', id: overlay.id });
    }
  };
  panel.subscribe(sync);
  annotation.subscribe(sync);
  overlays.on('overlay.dismissed', (event) => {
    if (event.id === ANNOTATION_PANEL_OVERLAY.id) panel.send({ type: 'panel.close' });
    else if (event.id.startsWith('annotation-delete:')) annotation.send({ type: 'delete.cancel' });
  });
  const stack = () => overlays.getSnapshot().context.stack.map((o) => o.id);
  return { h, overlays, panel, annotation, stack };
}

describe('the overlay rule: the panel is a sidebar, the delete dialog a dialog above it', () => {
  it('Escape closes the delete dialog first, then the panel (the detail is part of the panel)', async () => {
    const p = page();
    p.panel.send({ type: 'panel.open' });
    p.h.last('loadAnnotations').resolve([a1]);
    await settle();
    p.panel.send({ type: 'annotation.show', id: 'a1' });
    p.annotation.send({ type: 'delete.request' });
    expect(p.stack()).toEqual(['annotation-panel', 'annotation-delete:a1']);
    p.overlays.send({ type: 'overlay.escape' });
    expect(pathOf(p.annotation.getSnapshot().value)).toBe('saved');
    expect(state(p.panel)).toBe('open.detail.reading');
    expect(p.stack()).toEqual(['annotation-panel']);
    p.overlays.send({ type: 'overlay.escape' });
    expect(state(p.panel)).toBe('closed');
    expect(p.stack()).toEqual([]);
  });

  it('a press outside closes only the topmost: outside the dialog (on the panel) cancels the delete; then outside the panel closes it', async () => {
    const p = page();
    p.panel.send({ type: 'panel.open' });
    p.annotation.send({ type: 'delete.request' });
    p.overlays.send({ type: 'overlay.outsideClick', id: 'annotation-panel' });
    expect(state(p.panel)).toBe('open.list.loading');
    expect(pathOf(p.annotation.getSnapshot().value)).toBe('deleting.confirming');
    p.overlays.send({ type: 'overlay.outsideClick', id: 'annotation-delete:a1' });
    expect(pathOf(p.annotation.getSnapshot().value)).toBe('saved');
    p.overlays.send({ type: 'overlay.outsideClick', id: 'annotation-panel' });
    expect(state(p.panel)).toBe('closed');
  });

  it('one sidebar at a time: another sidebar opening closes the panel', () => {
    const p = page(false);
    p.panel.send({ type: 'panel.open' });
    p.overlays.send({ type: 'overlay.open', id: 'search-panel', group: 'sidebar' });
    expect(state(p.panel)).toBe('closed');
    expect(p.stack()).toEqual(['search-panel']);
  });

  it('Confirm deletes; the dialog leaves the stack only once the annotation is gone', () => {
    const p = page();
    p.annotation.send({ type: 'delete.request' });
    p.annotation.send({ type: 'delete.confirm' });
    expect(p.stack()).toEqual(['annotation-delete:a1']);
  });
});

/* The model: where each event leads from each state; calls and toasts in order. */

const DONE = (name: string) => `xstate.done.actor.${name}`;
const ERROR = (name: string) => `xstate.error.actor.${name}`;
type Rule = { name: string; to: string; effects: string[] };

function modelStep(from: string, c: AnnotationPanelContext, e: AnnotationPanelEvent): Rule | undefined {
  const type = e.type as string;
  const group = from.startsWith('open.detail') ? 'open.detail' : from.replace(/^open\./, '');
  const rule = (name: string, to: string, effects: string[] = []): Rule => ({ name: `${group} ${name}`, to, effects });
  const detailStart = c.commentsEnabled ? 'open.detail.reading' : 'open.detail.withoutComments';
  const listed = (id: string) => c.annotations.some((a) => a.id === id);
  const shown = shownAnnotationOf(c);
  if (type === 'annotation.created' || type === 'annotation.updated') return rule(type, from);
  if (type === 'annotation.deleted') {
    const id = (e as { id: string }).id;
    if (from.startsWith('open.detail') && id === c.shownId) return rule('annotation.deleted (shown) → list', 'open.list.loaded');
    return rule('annotation.deleted', from);
  }
  if (from === 'starting') {
    if (type === 'panel.open') return rule('panel.open → loading', 'open.list.loading', ['call loadAnnotations']);
    if (type === DONE('loadAnnotations')) return rule('loaded → closed', 'closed');
    return type === ERROR('loadAnnotations') ? rule('load failed → closed', 'closed') : undefined;
  }
  if (from === 'closed') {
    if (type === 'panel.open') return rule('panel.open → loading', 'open.list.loading', ['call loadAnnotations']);
    if (type === 'annotation.show') return rule('annotation.show → loading', 'open.list.loading', ['call loadAnnotations']);
    return undefined;
  }
  if (type === 'panel.close') return rule('panel.close → closed', 'closed');
  if (from.startsWith('open.list')) {
    if (type === 'sort.change') return rule('sort.change', from);
    if (from === 'open.list.loading') {
      if (type === 'annotation.show') return rule('annotation.show (remembered)', from);
      if (type === DONE('loadAnnotations')) {
        const output = (e as unknown as { output: Annotation[] }).output;
        return c.shownId !== null && output.some((a) => a.id === c.shownId)
          ? rule('loaded (asked for) → detail', detailStart)
          : rule('loaded → loaded', 'open.list.loaded');
      }
      return type === ERROR('loadAnnotations') ? rule('load failed → failed', 'open.list.failed') : undefined;
    }
    if (from === 'open.list.loaded') {
      return type === 'annotation.show' && listed((e as { id: string }).id) ? rule('annotation.show → detail', detailStart) : undefined;
    }
    if (type === 'annotation.show') return rule('annotation.show (remembered)', from);
    return type === 'list.retry' ? rule('list.retry → loading', 'open.list.loading', ['call loadAnnotations']) : undefined;
  }
  // The detail.
  if (type === 'detail.back') return rule('detail.back → list', 'open.list.loaded');
  if (type === 'annotation.show') return listed((e as { id: string }).id) ? rule('annotation.show (another) → detail', detailStart) : undefined;
  const blankDraft = isBlankNote(c.commentDraft);
  const edited = shown?.comments.find((comment) => comment.id === c.editedCommentId);
  switch (from) {
    case 'open.detail.reading':
      if (type === 'comment.change') return rule('comment.change', from);
      if (type === 'comment.submit' && !blankDraft) return rule('comment.submit → adding', 'open.detail.addingComment', ['call addComment']);
      if (type === 'comment.edit') {
        const comment = shown?.comments.find((x) => x.id === (e as { commentId: string }).commentId);
        return comment?.own ? rule('comment.edit (own) → editing', 'open.detail.editingComment') : undefined;
      }
      return undefined;
    case 'open.detail.addingComment':
      if (type === DONE('addComment')) return rule('added → reading', 'open.detail.reading');
      return type === ERROR('addComment') ? rule('add failed → reading', 'open.detail.reading', ['failure toast network']) : undefined;
    case 'open.detail.editingComment':
      if (type === 'commentEdit.change') return rule('commentEdit.change', from);
      if (type === 'commentEdit.cancel') return rule('commentEdit.cancel → reading', 'open.detail.reading');
      if (type === 'commentEdit.save' && sameNote(c.commentEdit, edited?.content)) return rule('commentEdit.save (unchanged) → reading', 'open.detail.reading');
      if (type === 'commentEdit.save' && !isBlankNote(c.commentEdit)) return rule('commentEdit.save → updating', 'open.detail.updatingComment', ['call updateComment']);
      return undefined;
    case 'open.detail.updatingComment':
      if (type === DONE('updateComment')) return rule('updated → reading', 'open.detail.reading');
      return type === ERROR('updateComment') ? rule('update failed → editing', 'open.detail.editingComment', ['failure toast 409']) : undefined;
    default:
      return undefined;
  }
}

/** What the context must look like after a step, given the rule (only what the rule changes). */
function expectContext(previous: AnnotationPanelContext, next: AnnotationPanelContext, to: string, e: AnnotationPanelEvent, rule: Rule | undefined) {
  // A comment is being edited exactly in editingComment and updatingComment.
  expect(next.editedCommentId !== null).toBe(/Comment$/.test(to) && to !== 'open.detail.addingComment');
  // The detail shows a listed annotation; the list and the closed panel remember none.
  if (to.startsWith('open.detail')) expect(next.annotations.some((a) => a.id === next.shownId)).toBe(true);
  if (to === 'closed' || to === 'open.list.loaded') expect(next.shownId).toBeNull();
  expect(next.sort).toBe(e.type === 'sort.change' && rule ? e.sort : previous.sort);
  if (rule?.name.endsWith('add failed → reading')) expect(next.commentDraft).toEqual(previous.commentDraft);
  if (rule?.name.endsWith('update failed → editing')) expect(next.commentEdit).toEqual(previous.commentEdit);
  if (rule?.name.endsWith('added → reading')) {
    const output = (e as unknown as { output: Comment }).output;
    expect(shownAnnotationOf(next)?.comments.at(-1)).toEqual(output);
    expect(isBlankNote(next.commentDraft)).toBe(true);
  }
}

const shortName = (events: readonly { type: string }[]) =>
  events
    .map((event) => {
      const e = event as { type: string; id?: string; commentId?: string; sort?: string; content?: RichTextDoc; annotation?: { id: string }; output?: unknown; error?: unknown };
      const detail = e.id ?? e.commentId ?? e.sort ?? e.annotation?.id ?? (e.content ? JSON.stringify(richTextToPlainText(e.content).slice(0, 10)) : undefined);
      if (detail !== undefined) return `${e.type}(${detail})`;
      if ('error' in e) return `${e.type}(${statusOf(e.error) ?? 'network'})`;
      if (Array.isArray(e.output)) return `${e.type}(${e.output.map((a: { id: string }) => a.id).join(',')})`;
      if (e.output && typeof e.output === 'object' && 'id' in e.output) return `${e.type}(${(e.output as { id: string }).id})`;
      return e.type;
    })
    .join(' → ') || '(start)';

const walked = new Set<string>();
for (const v of walkConfigs.annotationPanel) {
  const input = v.input as AnnotationPanelInput;
  describe(`annotation panel model walk (${v.name}): every transition of the graph, checked against the model`, () => {
    const { paths, stats } = pathsOf(annotationPanelMachine, { input, events: v.events as AnnotationPanelEvent[], key: annotationPanelKey });
    let h = harness();
    const send = async (actor: AnyActorRef, event: AnnotationPanelEvent) => {
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (!match) return void actor.send(event);
      const name = match[2] as keyof ReturnType<typeof harness>['calls'];
      const running = Object.values(actor.getSnapshot().children as Record<string, AnyActorRef>).some((child) => child.id === name);
      if (!running) return;
      const call = h.last(name);
      if (match[1] === 'done') (call.resolve as (output: unknown) => void)((event as unknown as { output: unknown }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      await settle();
    };
    const named = paths.map((path) => ({ ...path, name: shortName(path.steps.slice(1).map((step) => step.event)) }));
    itWalks(`annotationPanel (${v.name})`, { paths: named, stats }, async (path) => {
      h = harness();
      // Starting, the machine loads the list for the marks.
      let before = 1;
      await runPath(
        h.machine,
        path,
        input,
        ({ snapshot, event, previous }) => {
          const from = pathOf(previous.value);
          const rule = modelStep(from, previous.context, event);
          // A comment being written keeps its request key; a comment added gets the next one a new key. Every send carries it.
          expect(RequestKey.safeParse(snapshot.context.commentRequestKey).success).toBe(true);
          if (!isBlankNote(snapshot.context.commentDraft)) expect(snapshot.context.commentRequestKey).toBe(previous.context.commentRequestKey);
          if (rule?.name.endsWith('added → reading')) expect(snapshot.context.commentRequestKey).not.toBe(previous.context.commentRequestKey);
          if (rule?.effects.includes('call addComment')) expect(h.last('addComment').input.requestKey).toBe(snapshot.context.commentRequestKey);
          if (rule) walked.add(rule.name);
          expect(pathOf(snapshot.value)).toBe(rule?.to ?? from);
          expect(h.log.slice(before)).toEqual(rule?.effects ?? []);
          before = h.log.length;
          expectContext(previous.context, snapshot.context, pathOf(snapshot.value), event, rule);
        },
        send,
      );
    });
  });
}

describe('annotation panel model walk, all variants', () => {
  it('walked every rule of the model', () => {
    const rules = [
      'starting panel.open → loading', 'starting loaded → closed', 'starting load failed → closed',
      'starting annotation.created', 'starting annotation.updated', 'starting annotation.deleted',
      'closed panel.open → loading', 'closed annotation.show → loading', 'closed annotation.created', 'closed annotation.updated', 'closed annotation.deleted',
      ...['list.loading', 'list.loaded', 'list.failed'].flatMap((s) => [
        `${s} panel.close → closed`, `${s} sort.change`, `${s} annotation.created`, `${s} annotation.updated`, `${s} annotation.deleted`,
      ]),
      'list.loading annotation.show (remembered)', 'list.loading loaded (asked for) → detail', 'list.loading loaded → loaded', 'list.loading load failed → failed',
      'list.loaded annotation.show → detail', 'list.failed annotation.show (remembered)', 'list.failed list.retry → loading',
      ...['panel.close → closed', 'detail.back → list', 'annotation.show (another) → detail', 'annotation.deleted (shown) → list', 'annotation.deleted',
        'annotation.created', 'annotation.updated'].map((r) => `open.detail ${r}`),
      'open.detail comment.change', 'open.detail comment.submit → adding', 'open.detail comment.edit (own) → editing',
      'open.detail added → reading', 'open.detail add failed → reading',
      'open.detail commentEdit.change', 'open.detail commentEdit.cancel → reading', 'open.detail commentEdit.save (unchanged) → reading',
      'open.detail commentEdit.save → updating', 'open.detail updated → reading', 'open.detail update failed → editing',
    ];
    expect([...walked].sort()).toEqual([...new Set(rules)].sort());
  });

  it('the walk configuration walks every transition of the chart', () => {
    expect(walkedChartShare('annotationPanel')).toEqual({ share: 1, notWalked: [] });
  });
});
