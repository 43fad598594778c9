import { fileURLToPath } from 'node:url';
import type { SnapshotFrom } from 'xstate';
import { overlaysMachine, type OpenOverlay } from '../../machines/overlays';
import { scrollProgressMachine } from '../../machines/scrollProgress';
import { connectivityMachine } from '../../machines/connectivity';
import { guestSessionMachine } from '../../machines/guestSession';
import { sessionMachine } from '../../machines/session';
import { publicationWatchMachine } from '../../machines/publicationWatch';
import { logoutMachine } from '../../machines/logout';
import { resultsMachine } from '../../machines/results';
import { RESULTS_COUNTS, type Results } from '../../model/results';
import { invitationMachine } from '../../machines/invitation';
import { favoritesMachine } from '../../machines/favorites';
import { searchMachine, searchSurfaces } from '../../machines/search';
import { embedCardMachine } from '../../machines/embedCard';
import { tooltipMachine } from '../../machines/tooltip';
import { annotationMachine, isBlankNote, type AnnotationEvent, type TextSelection } from '../../machines/annotation';
import { annotationPanelMachine, shownAnnotationOf, type AnnotationPanelEvent } from '../../machines/annotationPanel';
import { linkEditorMachine, type LinkEditorEvent } from '../../machines/linkEditor';
import type { Annotation, Comment } from '../../model/annotation';
import { normalizeLinkUrl } from '../../model/linkUrl';
import { richTextToHtml, type RichTextDoc } from '../../model/richTextDoc';
import { sameNote } from '../../model/sameNote';
import { NOTHING_STORED, scormLauncherMachine } from '../../machines/scormLauncher';
import { cmi5LauncherMachine, type LaunchRead } from '../../machines/cmi5Launcher';
import { ltiPlatformStorageMachine } from '../../machines/ltiPlatformStorage';
import { SendBatchError, trackingMachine } from '../../machines/tracking';
import { viewerMachine } from '../../machines/viewer';
import { Material } from '../../model/material';
import { sorted, variant, type WalkVariant, type WalkVariants } from './walkVariant';
import { elementsOnPage } from '../../model/tree';
import { importKindFiles } from '../kindFiles';
import { registerKindMachines } from './kindMachines';

// The viewer spawns from the kinds' charts (in the app each comes with its view).
await registerKindMachines();

/*
 * How `npm run coverage:paths` walks each machine of scripts/statecharts/machines.ts with xstate/graph: per
 * machine one or more variants (an input, the events with their payloads, and the state key: the
 * value plus exactly what the guards read). Timer events of `after` transitions are added by the
 * walk itself; results of invoked actors are events here, with realistic output. Variants with a
 * saved state walk the restoring branches. The inputs and events follow tests/machines/*.test.ts.
 */

export type { WalkVariant, WalkVariants };

/** Answers of the results call for the walk: none in the range, and one learner. */
const EMPTY_RESULTS: Results = { shareId: 'share', from: null, to: null, counts: RESULTS_COUNTS, learners: [], questions: [], stops: [] };
const WALK_LEARNER: Results['learners'][number] = { key: '1', kind: 'guest', name: 'Ada Lovelace', progress: 0.5, completed: false, lastActivity: '2026-03-10T08:00:00.000Z', certificateIssued: null };

const material = Material.parse({
  modelName: 'Material',
  id: 'm1',
  publicId: 'kurs',
  title: 'Kurs',
  content: [
    { id: 'fold', modelName: 'Foldable', title: 'Mehr', content: [{ id: 't1', modelName: 'Text', content: { html: '<p>Text</p>' } }] },
    {
      id: 'q1', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>Even?</p>',
      choices: [{ id: 'a', text: '2', correct: true }, { id: 'b', text: '3', correct: false }],
    },
    { id: 'ch1', modelName: 'Chapter', publicId: 'eins', title: 'Eins', content: [{ id: 't2', modelName: 'Text', content: { html: '<p>Eins</p>' } }] },
  ],
});

const chapter = material.content.find((element) => element.modelName === 'Chapter');
const chapterContent = chapter?.modelName === 'Chapter' ? chapter.content : [];

const overlays: OpenOverlay[] = [
  { id: 'menu', group: 'dropdown' },
  { id: 'facet', group: 'dropdown' },
  { id: 'confirm', group: 'dialog' },
  { id: 'leave', group: 'dialog' },
];

const GUEST_ID = 'Gs7pQ2vXk9LmN4rT8wYz1A';
const trackingEvents = [
  { type: 'tracking.changed' as const, changes: [{ id: 'q1', modelName: 'ChoiceQuestion', field: 'selected' as const, value: ['a'] }] },
  { type: 'root.progress' as const, value: 0.5 },
  { type: 'root.progress' as const, value: 1 },
  { type: 'guest.created' as const, guestSessionId: GUEST_ID },
  { type: 'network.lost' as const },
  { type: 'network.restored' as const },
  { type: 'tracking.flush' as const },
  { type: 'tab.hidden' as const },
  { type: 'page.leaving' as const },
];
const sendBatchResults = [
  { type: 'xstate.done.actor.sendBatch', output: { acknowledged: 1, remaining: 0 } },
  { type: 'xstate.done.actor.sendBatch', output: { acknowledged: 100, remaining: 5 } },
  ...(['offline', 'server', 'forbidden'] as const).map((kind) => ({ type: 'xstate.error.actor.sendBatch', error: new SendBatchError(kind) })),
];
const trackingKey = (s: SnapshotFrom<typeof trackingMachine>) => {
  const c = s.context;
  return [c.pending > 0, c.changesWhileSending > 0, c.rootProgress, c.rootProgressChanged, c.rootProgressInFlight, c.guestSessionId !== null];
};
const trackingInput = (mode: 'off' | 'user' | 'guest', over: { guestSessionId?: string | null; online?: boolean; pending?: number } = {}) => ({
  mode, guestSessionId: over.guestSessionId ?? null, online: over.online ?? true, pending: over.pending ?? 0,
});

const guestSession = { publicId: GUEST_ID, name: 'Ada Lovelace' };
const guestSessionEvents = [
  { type: 'dialog.open' as const },
  { type: 'dialog.close' as const },
  { type: 'form.submit' as const, firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'form.submit' as const, firstName: '  ', lastName: 'Lovelace' },
  { type: 'link.copy' as const },
  { type: 'link.copyFailed' as const },
  { type: 'session.forget' as const },
  { type: 'host.learner' as const, name: 'Ada Lovelace' },
  { type: 'host.learner' as const, name: 'Hopper, Grace' },
  { type: 'host.learner' as const, name: '  ' },
];
const createGuestResults = [
  { type: 'xstate.done.actor.createGuest', output: guestSession },
  { type: 'xstate.error.actor.createGuest', error: new Error('503') },
];
const forgetGuestResults = [
  { type: 'xstate.done.actor.forgetGuest', output: undefined },
  { type: 'xstate.error.actor.forgetGuest', error: new Error('503') },
];

const embedCardLookups = [
  { type: 'xstate.done.actor.lookUp', output: { meta: { title: 'Artikel', description: 'Über das Grundwasser' } } },
  { type: 'xstate.done.actor.lookUp', output: {} },
  { type: 'xstate.error.actor.lookUp', error: new TypeError('Failed to fetch') },
];
/** The page shows publication `p1`; `p2` and `p3` are newer ones; a material with none answers null. */
export const publicationWatchEvents = [
  { type: 'tab.hidden' as const },
  { type: 'tab.visible' as const },
  { type: 'network.restored' as const },
  { type: 'notice.dismiss' as const },
  { type: 'page.reload' as const },
];
export const publicationWatchResults = [
  ...['p1', 'p2', 'p3', null].map((id) => ({ type: 'xstate.done.actor.checkPublication', output: { id } })),
  { type: 'xstate.error.actor.checkPublication', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.saveWork', output: undefined },
  { type: 'xstate.error.actor.saveWork', error: new Error('2 changes are neither sent nor kept') },
];
const checkSessionResults = [
  { type: 'xstate.done.actor.checkSession', output: { authenticated: true } },
  { type: 'xstate.done.actor.checkSession', output: { authenticated: false } },
  { type: 'xstate.error.actor.checkSession', error: new TypeError('Failed to fetch') },
];

const searchEvents = [
  { type: 'query.change' as const, query: 'photosynthesis' },
  { type: 'query.change' as const, query: '  ' },
  { type: 'query.submit' as const },
  { type: 'sort.change' as const, sort: 'title:asc' },
  { type: 'filter.change' as const, key: 'metadata.level', values: ['A1', 'B2'] },
  { type: 'filter.change' as const, key: 'metadata.level', values: [] },
  { type: 'page.loadMore' as const },
  { type: 'search.reset' as const },
  { type: 'search.retry' as const },
];
/** 45 results: three pages of 20, one of 50. */
const fetchPageResults = [
  { type: 'xstate.done.actor.fetchPage', output: { results: [{ id: 'm1' }, { id: 'm2' }], total: 45, facetDistribution: { 'metadata.level': { A1: 30, B2: 15 } } } },
  { type: 'xstate.done.actor.fetchPage', output: { results: [], total: 0 } },
  { type: 'xstate.error.actor.fetchPage', error: new Error('503') },
];
/** What the guards read: whether the query is blank, the page, the page size, the total, which request failed. */
const searchKey = (s: SnapshotFrom<typeof searchMachine>) => {
  const c = s.context;
  return [c.params.query.trim() === '', c.params.page, c.params.pageSize, c.total, c.failedAppending];
};

const scormLearner = { id: 'learner-7', name: 'Lovelace, Ada', firstName: 'Ada', lastName: 'Lovelace' };
const scormError = { code: '101', message: 'General exception', during: 'commit' as const };
/** The LMS's answers (sent by the glue's actions at once) and the viewer's messages, a first and a resumed attempt. */
const scormLauncherEvents = [
  { type: 'api.found' as const },
  { type: 'api.missing' as const },
  { type: 'lms.initialized' as const, learner: scormLearner, values: NOTHING_STORED, entry: 'ab-initio' as const },
  { type: 'lms.initialized' as const, learner: scormLearner, values: { ...NOTHING_STORED, completion: 'incomplete' as const, suspendData: '{"p":1}' }, entry: 'resume' as const },
  { type: 'lms.initFailed' as const, error: { ...scormError, during: 'initialize' as const } },
  { type: 'frame.loaded' as const },
  { type: 'viewer.ready' as const },
  { type: 'viewer.progress' as const, value: 0.5 },
  { type: 'viewer.progress' as const, value: 1 },
  { type: 'viewer.result' as const, result: { completion: 'completed' as const, success: 'passed' as const, score: 0.8 } },
  { type: 'viewer.result' as const, result: { suspendData: '{"p":2}' } },
  { type: 'viewer.result' as const, result: { suspendData: 'x'.repeat(4097) } },
  { type: 'lms.writeFailed' as const, error: { ...scormError, code: '405', during: 'write' as const } },
  { type: 'lms.committed' as const },
  { type: 'lms.commitFailed' as const, error: scormError },
  { type: 'page.hidden' as const },
  { type: 'page.leave' as const },
];
const scormLauncherKey = (s: SnapshotFrom<typeof scormLauncherMachine>) => s.context.values;

/* The cmi5 AU launch page (tests/machines/cmi5Launcher.test.ts uses these). */
export const cmi5Learner = { id: 'lms-learner-7', name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' };
/** What the LMS holds for a launch in `launchMode`, with a mastery score of 0.8 and nothing the AU kept before. */
export const cmi5LaunchRead = (launchMode: 'Normal' | 'Browse', memory = { suspendData: '', completed: false, passed: false }): LaunchRead => ({
  launchData: {
    contextTemplate: { extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 'session-1' } },
    launchMode,
    moveOn: 'CompletedAndPassed',
    masteryScore: 0.8,
    returnUrl: 'https://lms.example/return',
  },
  languages: ['en-US'],
  memory,
});
/** The LMS's answers (invoked actors' results) and the viewer's reports: completion, a pass, a fail, state to resume (an earlier session's memory: the behaviour tests). */
export const cmi5LauncherEvents = [
  { type: 'xstate.done.actor.fetchToken', output: undefined },
  { type: 'xstate.error.actor.fetchToken', error: new Error('1 The authorization token has already been returned.') },
  { type: 'xstate.done.actor.readLaunch', output: cmi5LaunchRead('Normal') },
  { type: 'xstate.done.actor.readLaunch', output: cmi5LaunchRead('Browse') },
  { type: 'xstate.error.actor.readLaunch', error: new Error('the LMS holds no LMS.LaunchData for this launch') },
  { type: 'xstate.done.actor.sendInitialized', output: undefined },
  { type: 'xstate.error.actor.sendInitialized', error: new Error('statements: HTTP 403') },
  { type: 'frame.loaded' },
  { type: 'viewer.ready' },
  { type: 'viewer.progress', value: 1 },
  { type: 'viewer.result', result: { success: 'passed', score: 0.9, suspendData: '{"v":1,"g":"g1"}' } },
  { type: 'viewer.result', result: { success: 'failed', score: 0.5 } },
  { type: 'xstate.done.actor.sendQueued', output: undefined },
  { type: 'xstate.error.actor.sendQueued', error: new Error('statements: HTTP 503') },
  { type: 'exit.requested' },
  { type: 'xstate.done.actor.sendFinal', output: undefined },
  { type: 'xstate.error.actor.sendFinal', error: new Error('no answer within 15 s') },
  { type: 'page.leave' },
];
/** What the guards read: whether statements are queued, and what decides whether a report changes the AU's memory (memory, mode, judged). */
export const cmi5LauncherKey = (s: SnapshotFrom<typeof cmi5LauncherMachine>) => {
  const c = s.context;
  return [c.queue.length > 0, c.memory, c.judged, c.launch?.launchData.launchMode ?? null];
};

/* The LTI storage pages (tests/machines/ltiPlatformStorage.test.ts uses these): a login's state and nonce as the LMS's storage keeps them. */
export const ltiStorageEntries = [
  { key: 'lernwerk-state-S', value: 'S' },
  { key: 'lernwerk-nonce-N', value: 'N' },
];
/** The LMS's answers: what it offers, the values stored or read (the right ones, another login's, none), a refusal, and the server's answer to the checked launch. */
export const ltiPlatformStorageEvents = [
  { type: 'capabilities.answered' as const, storage: true, frame: 'post_message_forwarding' },
  { type: 'capabilities.answered' as const, storage: false, frame: null },
  { type: 'storage.answered' as const, key: 'lernwerk-state-S', value: 'S' },
  { type: 'storage.answered' as const, key: 'lernwerk-nonce-N', value: 'N' },
  { type: 'storage.answered' as const, key: 'lernwerk-nonce-N', value: 'another login' },
  { type: 'storage.answered' as const, key: 'lernwerk-state-X', value: 'X' },
  { type: 'storage.refused' as const, key: 'lernwerk-state-S', code: 'storage_exhaustion', message: 'full' },
  { type: 'storage.refused' as const, key: 'lernwerk-state-X', code: 'x', message: '' },
];
export const ltiPlatformStorageResults = [
  { type: 'xstate.done.actor.confirmLaunch', output: '/s/kurs/' },
  { type: 'xstate.error.actor.confirmLaunch', error: new Error('The login of this state is unknown, used already or expired (10 minutes).') },
];
/** What the guards read: which keys are answered. */
const ltiPlatformStorageKey = (s: SnapshotFrom<typeof ltiPlatformStorageMachine>) => s.context.answered;

/* Annotations, the annotation panel and the link editor (tests/machines/annotation*.test.ts and linkEditor.test.ts use these). */

/** A note (or comment) saying `text`: one paragraph. */
export const noteOf = (text: string): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] });
export const annotationSelection: TextSelection = { reference: 't1', from: 4, to: 9, text: 'light' };
export const annotationOwners = {
  ada: { kind: 'guest', name: 'Ada Lovelace' },
  bob: { kind: 'user', name: 'Bob Ross' },
} as const satisfies Record<string, Annotation['owner']>;
const ANNOTATED_AT = '2025-03-04T10:00:00.000Z';
/** A comment; `own`: the visitor (Ada) wrote it, else Bob did. */
export const annotationComment = (id: string, own: boolean, text: string): Comment => ({
  id, modelName: 'Comment', owner: own ? annotationOwners.ada : annotationOwners.bob, own, created_at: ANNOTATED_AT, updated_at: ANNOTATED_AT,
  content: noteOf(text), contentHtml: richTextToHtml(noteOf(text)),
});
/** An annotation of `annotationSelection` with the note `text`; `own`: the visitor (Ada) made it, else Bob did. */
export const annotationOf = (id: string, own: boolean, text: string, over: Partial<Annotation> = {}): Annotation => ({
  id, modelName: 'Annotation', owner: own ? annotationOwners.ada : annotationOwners.bob, own, created_at: ANNOTATED_AT, updated_at: ANNOTATED_AT,
  ...annotationSelection, note: noteOf(text), noteHtml: richTextToHtml(noteOf(text)), comments: [],
  metadata: { shareId: 'kurs-share', path: '', materialId: 'm1' }, ...over,
});
/** An error of the glue's calls with an HTTP status (src/api/client.ts HttpError carries one). */
export const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

const annotationEvents: AnnotationEvent[] = [
  { type: 'selection.change', selection: annotationSelection },
  { type: 'selection.change', selection: { ...annotationSelection, to: 4, text: '' } },
  { type: 'selection.change', selection: null },
  { type: 'compose.start' },
  { type: 'draft.change', note: noteOf('Plants turn light into sugar.') },
  { type: 'draft.change', note: noteOf('  ') },
  { type: 'draft.save' },
  { type: 'draft.cancel' },
  { type: 'edit.start' },
  { type: 'delete.request' },
  { type: 'delete.cancel' },
  { type: 'delete.confirm' },
  { type: 'save.retry' },
  { type: 'network.restored' },
  { type: 'conflict.reapply' },
  { type: 'conflict.discard' },
];
/** The calls' answers for annotation `id` (the visitor's own). */
const annotationResults = (id: string) => [
  { type: 'xstate.done.actor.createAnnotation', output: annotationOf(id, true, 'Plants turn light into sugar.') },
  { type: 'xstate.error.actor.createAnnotation', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.updateNote', output: undefined },
  { type: 'xstate.error.actor.updateNote', error: httpError(409) },
  { type: 'xstate.error.actor.updateNote', error: httpError(503) },
  { type: 'xstate.done.actor.deleteAnnotation', output: undefined },
  { type: 'xstate.error.actor.deleteAnnotation', error: httpError(500) },
  { type: 'xstate.done.actor.loadAnnotation', output: annotationOf(id, true, 'Changed by someone else.') },
  { type: 'xstate.error.actor.loadAnnotation', error: new TypeError('Failed to fetch') },
];
/** What the guards read: a selection, which annotation and whether it is the visitor's, whether the note is blank, whether it differs from the note as loaded. */
export const annotationKey = (s: SnapshotFrom<typeof annotationMachine>) => {
  const c = s.context;
  return [c.selection !== null, c.annotationId, c.own, isBlankNote(c.note), sameNote(c.note, c.oldNote)];
};
const keptDraft = (annotationId: string | null) => ({ annotationId, selection: annotationSelection, note: noteOf('Half a thought'), oldNote: noteOf(annotationId ? 'First note.' : '') });

const annotationPanelList = [
  annotationOf('a1', true, 'First note.', { comments: [annotationComment('c1', true, 'My comment.'), annotationComment('c2', false, 'Bob’s comment.')] }),
  annotationOf('a2', false, 'Bob’s note.', { created_at: '2025-03-05T08:00:00.000Z', from: 20, to: 25, text: 'sugar' }),
];
const annotationPanelEvents: AnnotationPanelEvent[] = [
  { type: 'panel.open' },
  { type: 'panel.close' },
  { type: 'annotation.show', id: 'a1' },
  { type: 'annotation.show', id: 'a2' },
  { type: 'annotation.show', id: 'gone' },
  { type: 'detail.back' },
  { type: 'sort.change', sort: 'asc' },
  { type: 'list.retry' },
  { type: 'comment.change', content: noteOf('Nice point.') },
  { type: 'comment.change', content: noteOf(' ') },
  { type: 'comment.submit' },
  { type: 'comment.edit', commentId: 'c1' },
  { type: 'comment.edit', commentId: 'c2' },
  { type: 'commentEdit.change', content: noteOf('My comment, edited.') },
  { type: 'commentEdit.change', content: noteOf('') },
  { type: 'commentEdit.save' },
  { type: 'commentEdit.cancel' },
  { type: 'annotation.created', annotation: annotationOf('a3', true, '', { created_at: '2025-03-06T09:00:00.000Z' }) },
  { type: 'annotation.updated', annotation: { ...annotationPanelList[0], note: noteOf('First note, edited.') } },
  { type: 'annotation.deleted', id: 'a2' },
];
const annotationPanelResults = [
  { type: 'xstate.done.actor.loadAnnotations', output: annotationPanelList },
  { type: 'xstate.error.actor.loadAnnotations', error: httpError(503) },
  { type: 'xstate.done.actor.addComment', output: annotationComment('c3', true, 'Nice point.') },
  { type: 'xstate.error.actor.addComment', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.updateComment', output: undefined },
  { type: 'xstate.error.actor.updateComment', error: httpError(409) },
];
/** What the guards read: the listed ids, the annotation shown (or asked for), whether the comment drafts are blank or changed. */
export const annotationPanelKey = (s: SnapshotFrom<typeof annotationPanelMachine>) => {
  const c = s.context;
  const edited = shownAnnotationOf(c)?.comments.find((comment) => comment.id === c.editedCommentId);
  return [sorted(c.annotations.map((a) => a.id)), c.shownId, isBlankNote(c.commentDraft), c.editedCommentId, isBlankNote(c.commentEdit), sameNote(c.commentEdit, edited?.content)];
};

export const linkEditorEvents: LinkEditorEvent[] = [
  { type: 'link.open', href: 'https://example.org/' },
  { type: 'link.open', href: null },
  { type: 'link.edit' },
  { type: 'link.remove' },
  { type: 'link.close' },
  { type: 'link.cancel' },
  { type: 'link.save' },
  { type: 'input.change', value: 'www.example.org' },
  { type: 'input.change', value: 'example.org' },
  { type: 'input.change', value: 'javascript:alert(1)' },
  { type: 'input.change', value: '' },
];
/** What the guards read: the link shown, what the input normalises to, the error. */
export const linkEditorKey = (s: SnapshotFrom<typeof linkEditorMachine>) => [s.context.href, normalizeLinkUrl(s.context.input), s.context.error];

/** Walk variants by the machine's name in scripts/statecharts/machines.ts. */
const machineWalks: WalkVariants = {
  viewer: [
    variant(viewerMachine, 'material with a chapter', {
      input: { material },
      events: [
        { type: 'page.open', pageId: 'm1' },
        { type: 'page.open', pageId: 'ch1' },
        { type: 'elements.reveal', elements: [...elementsOnPage(material.content)] },
        { type: 'elements.reveal', elements: [...elementsOnPage(chapterContent)] },
        { type: 'element.changed', id: 'q1', field: 'progress', value: 1 },
        { type: 'tab.hidden' },
        { type: 'page.leaving' },
      ],
      key: (s) => [sorted(s.context.openedPageIds), sorted(Object.keys(s.context.elementActors))],
    }),
  ],
  scrollProgress: [
    variant(scrollProgressMachine, 'fresh page', {
      input: { pageId: 'page-1' },
      events: [
        { type: 'scroll.moved', ratio: 0.3 },
        { type: 'scroll.moved', ratio: 0.6 },
        { type: 'scroll.moved', ratio: 1 },
        { type: 'scroll.moved', ratio: Number.NaN },
        { type: 'scroll.endReached' },
      ],
      key: (s) => [s.context.progress, s.context.pending],
    }),
    variant(scrollProgressMachine, 'saved as read', { input: { pageId: 'page-1', saved: 1 }, events: [], key: (s) => s.context.progress }),
  ],
  connectivity: [
    variant(connectivityMachine, 'starts online', {
      input: { online: true },
      events: [{ type: 'network.lost' }, { type: 'network.restored' }],
      key: (s) => s.value,
    }),
    variant(connectivityMachine, 'starts offline', { input: { online: false }, events: [], key: (s) => s.value }),
  ],
  tracking: [
    variant(trackingMachine, 'user, empty queue', { input: trackingInput('user'), events: trackingEvents, actorResults: sendBatchResults, key: trackingKey }),
    variant(trackingMachine, 'user, events left over', { input: trackingInput('user', { pending: 3 }), events: [], key: trackingKey }),
    variant(trackingMachine, 'user, offline at start', { input: trackingInput('user', { online: false }), events: [], key: trackingKey }),
    variant(trackingMachine, 'guest without a name', { input: trackingInput('guest'), events: trackingEvents, actorResults: sendBatchResults, key: trackingKey }),
    variant(trackingMachine, 'preview', { input: trackingInput('off'), events: trackingEvents, key: trackingKey }),
  ],
  guestSession: [
    variant(guestSessionMachine, 'no session yet', {
      input: { session: null },
      events: guestSessionEvents,
      actorResults: [...createGuestResults, ...forgetGuestResults],
      key: (s) => [s.context.session !== null, s.context.failed],
    }),
    variant(guestSessionMachine, 'session in the page data', {
      input: { session: guestSession },
      events: guestSessionEvents,
      actorResults: [...createGuestResults, ...forgetGuestResults],
      key: (s) => [s.context.session !== null, s.context.failed],
    }),
  ],
  tooltip: [
    variant(tooltipMachine, 'two icon buttons', {
      input: undefined as never,
      events: [
        { type: 'hover.start', target: 'back' },
        { type: 'hover.start', target: 'search' },
        { type: 'hover.end' },
        { type: 'focus.keyboard', target: 'back' },
        { type: 'focus.end' },
        { type: 'dismiss' },
      ],
      key: (s) => s.context.target,
    }),
  ],
  embedCard: [
    variant(embedCardMachine, 'on a share', {
      input: { url: 'https://example.org/artikel', canLookUp: true },
      events: [],
      actorResults: embedCardLookups,
      key: (s) => s.context.metadata,
    }),
    variant(embedCardMachine, 'no lookup', { input: { url: 'https://example.org/artikel', canLookUp: false }, events: [], key: () => null }),
  ],
  publicationWatch: [true, false].map((visible) =>
    variant(publicationWatchMachine, visible ? 'tab visible' : 'tab hidden at start', {
      input: { visible, publicationId: 'p1' },
      events: publicationWatchEvents,
      actorResults: publicationWatchResults,
      key: (s) => s.context.dismissedId,
    }),
  ),
  session: [
    variant(sessionMachine, 'tab visible', { input: { visible: true }, events: [{ type: 'tab.hidden' }, { type: 'tab.visible' }], actorResults: checkSessionResults, key: () => null }),
    variant(sessionMachine, 'tab hidden at start', { input: { visible: false }, events: [], key: () => null }),
  ],
  search: [
    variant(searchMachine, 'collection (paged)', { input: searchSurfaces.collection, events: searchEvents, actorResults: fetchPageResults, key: searchKey }),
    variant(searchMachine, 'full text, empty query', { input: searchSurfaces.fulltext, events: searchEvents, actorResults: fetchPageResults, key: searchKey }),
    variant(searchMachine, 'restored on page 2', {
      input: { ...searchSurfaces.materials, initial: { query: 'cells', filters: { 'metadata.level': ['A1'], 'metadata.topic': [] }, page: 2 } },
      events: [],
      key: searchKey,
    }),
  ],
  scormLauncher: [
    variant(scormLauncherMachine, 'SCORM 1.2', { input: { version: '1.2' }, events: scormLauncherEvents, key: scormLauncherKey }),
    variant(scormLauncherMachine, 'SCORM 2004', { input: { version: '2004' }, events: scormLauncherEvents, key: scormLauncherKey }),
  ],
  cmi5Launcher: [
    variant(cmi5LauncherMachine, 'launched by an LMS', { input: { launched: true, learner: cmi5Learner }, events: [], actorResults: cmi5LauncherEvents, key: cmi5LauncherKey }),
    variant(cmi5LauncherMachine, 'opened without launch parameters', { input: { launched: false, learner: cmi5Learner }, events: [], key: cmi5LauncherKey }),
  ],
  ltiPlatformStorage: [
    variant(ltiPlatformStorageMachine, 'login page (store)', { input: { mode: 'store', entries: ltiStorageEntries }, events: ltiPlatformStorageEvents, key: ltiPlatformStorageKey }),
    variant(ltiPlatformStorageMachine, 'launch page (check)', {
      input: { mode: 'check', entries: ltiStorageEntries },
      events: ltiPlatformStorageEvents,
      actorResults: ltiPlatformStorageResults,
      key: ltiPlatformStorageKey,
    }),
  ],
  annotation: [
    variant(annotationMachine, 'new annotation', { input: { mayAnnotate: true }, events: annotationEvents, actorResults: annotationResults('a9'), key: annotationKey }),
    variant(annotationMachine, 'visitor who may not annotate', { input: { mayAnnotate: false }, events: annotationEvents, key: annotationKey }),
    variant(annotationMachine, 'own annotation', {
      input: { mayAnnotate: true, annotation: annotationOf('a1', true, 'First note.') },
      events: annotationEvents,
      actorResults: annotationResults('a1'),
      key: annotationKey,
    }),
    variant(annotationMachine, 'someone else’s annotation', {
      input: { mayAnnotate: true, annotation: annotationOf('a2', false, 'Bob’s note.') },
      events: annotationEvents,
      key: annotationKey,
    }),
    variant(annotationMachine, 'kept draft of a new annotation', { input: { mayAnnotate: true, draft: keptDraft(null) }, events: [], key: annotationKey }),
    variant(annotationMachine, 'kept draft of an existing note', { input: { mayAnnotate: true, draft: keptDraft('a1') }, events: [], key: annotationKey }),
  ],
  annotationPanel: [
    variant(annotationPanelMachine, 'with comments', {
      input: { commentsEnabled: true },
      events: annotationPanelEvents,
      actorResults: annotationPanelResults,
      key: annotationPanelKey,
    }),
    variant(annotationPanelMachine, 'without comments', {
      input: { commentsEnabled: false, sort: 'asc' },
      events: annotationPanelEvents.filter((e) => !e.type.startsWith('comment')),
      actorResults: annotationPanelResults.slice(0, 2),
      key: annotationPanelKey,
    }),
  ],
  linkEditor: [variant(linkEditorMachine, 'toolbar', { input: undefined, events: linkEditorEvents, key: linkEditorKey })],
  results: [
    variant(resultsMachine, 'a share with learners, then a range without', {
      input: undefined,
      events: [
        { type: 'range.change', from: '2026-03-01', to: '2026-03-31' },
        { type: 'range.change', from: '2026-03-31', to: '2026-03-01' },
        { type: 'csv.download' },
        { type: 'retry' },
      ],
      actorResults: [
        { type: 'xstate.done.actor.loadResults', output: { ...EMPTY_RESULTS, learners: [WALK_LEARNER] } },
        { type: 'xstate.done.actor.loadResults', output: EMPTY_RESULTS },
        { type: 'xstate.error.actor.loadResults', error: Object.assign(new Error('HTTP 404'), { status: 404 }) },
        { type: 'xstate.error.actor.loadResults', error: new TypeError('Failed to fetch') },
        { type: 'xstate.done.actor.downloadCsv', output: undefined },
        { type: 'xstate.error.actor.downloadCsv', error: new TypeError('Failed to fetch') },
      ],
      key: (s) => s.value,
    }),
  ],
  logout: [
    variant(logoutMachine, 'logged in', {
      input: undefined,
      events: [{ type: 'logout.request' }],
      actorResults: [
        { type: 'xstate.done.actor.savePending', output: undefined },
        { type: 'xstate.error.actor.savePending', error: new Error('timed out') },
        { type: 'xstate.done.actor.logOut', output: undefined },
        { type: 'xstate.error.actor.logOut', error: new TypeError('Failed to fetch') },
      ],
      key: () => null,
    }),
  ],
  favorites: [
    variant(favoritesMachine, 'two materials, one liked', {
      input: { liked: ['m1'] },
      events: [
        { type: 'like.toggle', materialId: 'm1' },
        { type: 'like.toggle', materialId: 'm2' },
      ],
      actorResults: [
        { type: 'xstate.done.actor.saveLike', output: undefined },
        { type: 'xstate.error.actor.saveLike', error: new TypeError('Failed to fetch') },
      ],
      key: (s) => [s.context.liked, s.context.queue],
    }),
  ],
  invitation: [
    variant(invitationMachine, 'invited', {
      input: undefined,
      events: [{ type: 'invitation.accept' }],
      actorResults: [
        { type: 'xstate.done.actor.acceptInvitation', output: undefined },
        { type: 'xstate.error.actor.acceptInvitation', error: new TypeError('Failed to fetch') },
      ],
      key: () => null,
    }),
  ],
  overlays: [
    variant(overlaysMachine, '2 groups × 2 overlays', {
      input: undefined,
      events: [
        ...overlays.map((overlay) => ({ type: 'overlay.open' as const, ...overlay })),
        ...overlays.map((overlay) => ({ type: 'overlay.close' as const, id: overlay.id })),
        { type: 'overlay.escape' as const },
        ...overlays.map((overlay) => ({ type: 'overlay.outsideClick' as const, id: overlay.id })),
      ],
      key: (s) => s.context.stack,
    }),
  ],
};

/**
 * The element kinds' walks: every `src/kinds/<kind>/*.walks.ts` exports `walks`, its machines' variants
 * by the machine's name. Read at load, so a new kind's walks need no line here.
 */
async function kindWalks(): Promise<WalkVariants> {
  const merged: WalkVariants = {};
  for (const { file, module } of await importKindFiles<{ walks: WalkVariants }>('.walks.ts')) {
    for (const [machine, variants] of Object.entries(module.walks)) {
      if (machine in merged || machine in machineWalks) throw new Error(`${fileURLToPath(file)}: the walks of ${machine} are given twice`);
      merged[machine] = variants;
    }
  }
  return merged;
}

/** Walk variants by the machine's name in scripts/statecharts/machines.ts. */
export const walkConfigs: WalkVariants = { ...machineWalks, ...(await kindWalks()) };
