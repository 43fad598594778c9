import { and, assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { normalizeLinkUrl, type LinkUrlError } from '../model/linkUrl';

export type LinkEditorEvent =
  /** The toolbar's link button: the selection is frozen; `href` is the link the selection already holds, or null. */
  | { type: 'link.open'; href: string | null }
  /** Display mode: Edit. */
  | { type: 'link.edit' }
  /** Display mode: Delete (the link is removed, its text stays). */
  | { type: 'link.remove' }
  /** Typed or pasted into the URL input. */
  | { type: 'input.change'; value: string }
  /** Editing mode: Save, or Enter in the input. */
  | { type: 'link.save' }
  /** Editing mode: Cancel. Back to the link shown before, or closed when there was none. */
  | { type: 'link.cancel' }
  /** Escape, a press outside the toolbar, or the editor lost its selection: the toolbar shows the formats again. */
  | { type: 'link.close' };

export type LinkEditorContext = {
  /** The link the frozen selection holds (display mode shows it); null when it holds none. */
  href: string | null;
  /** What the URL input holds. */
  input: string;
  /** Why the last Save was refused (spec section 8: `invalid-url`); null after a change of the input. */
  error: LinkUrlError | null;
};

/** What `applyLink` gets: the normalised href (spec section 5). */
export type ApplyLinkParams = { href: string };

const hrefOf = (input: string): string | null => {
  const result = normalizeLinkUrl(input);
  return result.ok ? result.href : null;
};

/**
 * The link editor of the rich-text toolbar (spec sections 4, 5 and 9): with the selection frozen,
 * display mode shows the link the selection already holds with Edit and Delete; otherwise editing
 * mode shows the URL input (300 px) and Save. Save applies the URL normalised by
 * `normalizeLinkUrl` (model/linkUrl.ts: trimmed, `https://` when no scheme, allowed schemes
 * only); an invalid URL stays in editing with the error `invalid-url`.
 *
 * The glue provides `freezeSelection` / `releaseSelection` (the editor keeps the selection while the
 * toolbar shows the link editor), `applyLink` (sets the link on the frozen selection) and `removeLink`.
 * Every way back to `closed` releases the selection after `applyLink` / `removeLink` ran on it (an
 * exit action would run before them).
 */
export const linkEditorMachine = setup({
  types: {
    context: {} as LinkEditorContext,
    events: {} as LinkEditorEvent,
  },
  guards: {
    selectionHasLink: ({ event }) => {
      assertEvent(event, 'link.open');
      return event.href !== null && event.href !== '';
    },
    hadLink: ({ context }) => context.href !== null,
    isValidUrl: ({ context }) => hrefOf(context.input) !== null,
    changesLink: ({ context }) => hrefOf(context.input) !== context.href,
  },
  actions: {
    /** Keep the editor's selection while the toolbar shows the link editor (the input takes the focus). */
    freezeSelection: () => {},
    /** Give the editor its selection back. */
    releaseSelection: () => {},
    /** Set the link of the frozen selection to `href` (text without a link becomes a link). */
    applyLink: (_, _params: ApplyLinkParams) => {},
    /** Remove the link of the frozen selection; its text stays. */
    removeLink: () => {},
    takeLink: assign(({ event }) => {
      assertEvent(event, 'link.open');
      const href = event.href || null;
      return { href, input: href ?? '', error: null };
    }),
    editLink: assign({ input: ({ context }) => context.href ?? '', error: () => null }),
    takeInput: assign({
      input: ({ event }) => {
        assertEvent(event, 'input.change');
        return event.value;
      },
      error: () => null,
    }),
    refuseUrl: assign({ error: () => 'invalid-url' as const }),
  },
}).createMachine({
  id: 'linkEditor',
  description: 'The toolbar’s link editor: shows the selected link (edit, delete) or edits a URL, saved normalised.',
  context: { href: null, input: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The toolbar shows the formats; the selection is the editor’s.',
      on: {
        'link.open': [
          { guard: 'selectionHasLink', target: 'open.display', actions: 'takeLink', description: 'The selection holds a link: show it.' },
          { target: 'open.editing', actions: 'takeLink', description: 'No link yet: the URL input shows, empty.' },
        ],
      },
    },
    open: {
      description: 'The toolbar shows the link editor while the selection is frozen.',
      entry: 'freezeSelection',
      initial: 'editing',
      on: { 'link.close': { target: 'closed', actions: 'releaseSelection', description: 'Escape, a press outside, or the selection went: back to the formats, nothing changed.' } },
      states: {
        display: {
          description: 'Display mode: the link, with Edit and Delete.',
          on: {
            'link.edit': { target: 'editing', actions: 'editLink', description: 'Edit: the input shows the link.' },
            'link.remove': { target: '#linkEditor.closed', actions: ['removeLink', 'releaseSelection'], description: 'Delete: the link goes, its text stays.' },
          },
        },
        editing: {
          description: 'Editing mode: the URL input and Save; a refused URL shows invalid-url.',
          on: {
            'input.change': { actions: 'takeInput', description: 'Typed or pasted: the error goes until the next Save.' },
            'link.save': [
              {
                guard: and(['isValidUrl', 'changesLink']),
                target: '#linkEditor.closed',
                actions: [{ type: 'applyLink', params: ({ context }) => ({ href: hrefOf(context.input) ?? '' }) }, 'releaseSelection'],
                description: 'A valid URL: the selection links to it, normalised.',
              },
              { guard: 'isValidUrl', target: '#linkEditor.closed', actions: 'releaseSelection', description: 'The same link as before: nothing to change.' },
              { actions: 'refuseUrl', description: 'Empty, an unknown scheme or not a URL: invalid-url, the input stays.' },
            ],
            'link.cancel': [
              { guard: 'hadLink', target: 'display', description: 'Cancel: the link as it was.' },
              { target: '#linkEditor.closed', actions: 'releaseSelection', description: 'Cancel: no link is made.' },
            ],
          },
        },
      },
    },
  },
});

export type LinkEditorSnapshot = SnapshotFrom<typeof linkEditorMachine>;
type View = Pick<LinkEditorSnapshot, 'context' | 'matches'>;

/* Selectors for the toolbar. */

/** The toolbar shows the link editor instead of the formats, and the selection is frozen. */
export const isLinkEditorOpen = (snapshot: View): boolean => !snapshot.matches('closed');
export const isDisplayMode = (snapshot: View): boolean => snapshot.matches({ open: 'display' });
export const isEditingMode = (snapshot: View): boolean => snapshot.matches({ open: 'editing' });
/** What Save would apply, or null while the input is not a valid link. */
export const normalizedInput = (snapshot: View): string | null => hrefOf(snapshot.context.input);
