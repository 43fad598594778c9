import { useActorRef, useSelector } from '@xstate/react';
import { useViewerInspection } from '../viewer/inspection';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { draftKeyOf, isNoteEditorOpen, isSaving, type AnnotationDraft, type AnnotationEvent } from '../../machines/annotation';
import type { AnnotationPanelSnapshot } from '../../machines/annotationPanel';
import type { Annotation } from '../../model/annotation';
import type { Material } from '../../model/material';
import { withinTextLimit } from '../../model/richTextDoc';
import { Button } from '../ui/Button';
import { usePageData } from '../../paint/PageDataContext';
import { AnnotationPanel, type RenderEditor } from './AnnotationPanel';
import { annotationCalls } from './annotationApi';
import { annotationLogic, annotationPanelLogic, type AnnotationLogic } from './annotationLogic';
import { useAnnotationTexts } from './useAnnotationTexts';
import { draftStore } from './draftStore';
import { onAnnotationsPanelRequest } from './panelRequest';
import { allElements } from '../../model/tree';
import { anchorAnnotations, anchorFromSelection, ANNOTATION_MARK_ATTRIBUTE, unwrapAnchor } from './textAnchors';

const NoteEditor = lazy(() => import('./editor/NoteEditor'));

/** Text elements are what a learner annotates. */
const TEXT_ELEMENT = '[data-model-name="Text"]';

/**
 * Annotations in the open material (issue 12), for a visitor who may annotate: the learner selects
 * text in a text element and presses Annotate; the note editor opens; saved, the selection stays
 * marked in the text (also after a reload, re-anchored when the text moved); a mark opens its
 * annotation in the panel, which the header's Annotations button opens too.
 */
export default function AnnotationLayer({ material }: { material: Material }) {
  const pageData = usePageData();
  const t = useAnnotationTexts();
  const share = pageData.share!.publicId;
  const guestSessionId = pageData.guestSession?.publicId ?? null;
  const calls = useMemo(
    () => annotationCalls({ base: pageData.api.base, share, materialId: material.id, guestSessionId, path: location.pathname.slice(pageData.baseUrl.length).replace(/^\/|\/$/g, '') }),
    [pageData.api.base, pageData.baseUrl, share, material.id, guestSessionId],
  );
  const drafts = useMemo(() => draftStore({ share, materialId: material.id }), [share, material.id]);
  const [panelLogic] = useState(() => annotationPanelLogic(calls));
  const inspect = useViewerInspection();
  const panel = useActorRef(panelLogic, { input: { commentsEnabled: pageData.featureFlags.ANNOTATION_COMMENTS }, inspect });
  const logic = useMemo(() => annotationLogic(calls, drafts), [calls, drafts]);
  // The panel machine owns the material's annotations: the marks are a view of its list.
  const annotations = useSelector(panel, selectAnnotations);
  // The next new annotation: its machine takes the page's text selection (watchSelection) until it is created.
  const newLogic = useMemo(() => logic.provide({ actors: { watchSelection } }), [logic]);
  const [made, setMade] = useState(0);
  const startNext = useCallback(() => setMade((n) => n + 1), []);
  // Notes of new annotations the server never acknowledged (a reload in between): the composer shows them again, one after the other.
  const [resumable, setResumable] = useState(() => drafts.list().flatMap(({ draft }) => (draft.annotationId === null ? [draft] : [])));
  const resumed = resumable[0] ?? null;
  const resumeNext = useCallback(() => setResumable((list) => list.slice(1)), []);
  // A new annotation joins the list (and so gets its mark).
  const announce = useCallback((event: { type: 'annotation.created'; annotation: Annotation }) => panel.send(event), [panel]);

  const orphanedIds = useMarks(annotations, material, (id) => panel.send({ type: 'annotation.show', id }), t('layer.open'));
  // The header's Annotations button (src/viewer/Header.tsx; the header does not load this chunk), pressed now or before this layer loaded.
  useEffect(() => onAnnotationsPanelRequest(() => panel.send({ type: 'panel.open' })), [panel]);

  const renderEditor: RenderEditor = ({ value, onChange, label }) => (
    <Suspense fallback={null}>
      <NoteEditor value={value} onChange={onChange} label={label} />
    </Suspense>
  );

  return (
    <>
      <NewAnnotation key={made} logic={newLogic} annotateShown={!resumed} renderEditor={renderEditor} onAnnounce={announce} onCreated={startNext} />
      {resumed ? (
        <ResumedComposer
          key={draftKeyOf(resumed.selection)}
          logic={logic}
          draft={resumed}
          renderEditor={renderEditor}
          onAnnounce={announce}
          onDone={resumeNext}
        />
      ) : null}
      <AnnotationPanel panel={panel} annotationLogic={logic} drafts={drafts} mayAnnotate renderEditor={renderEditor} orphanedIds={orphanedIds} />
    </>
  );
}

const selectAnnotations = (snapshot: AnnotationPanelSnapshot) => snapshot.context.annotations;

/** The text selection inside a text element, reported to the annotation machine while it waits for one (its `watchSelection`). */
const watchSelection = fromCallback<AnnotationEvent>(({ sendBack }) => {
  const report = () => sendBack({ type: 'selection.change', selection: anchorFromSelection(window.getSelection(), { selector: TEXT_ELEMENT }) });
  const onKey = (event: KeyboardEvent) => {
    if (event.shiftKey || event.key === 'Shift') report();
  };
  // Text selected before this layer loaded gets its Annotate button too.
  report();
  document.addEventListener('mouseup', report);
  document.addEventListener('keyup', onKey);
  return () => {
    document.removeEventListener('mouseup', report);
    document.removeEventListener('keyup', onKey);
  };
});

type Announce = (event: { type: 'annotation.created'; annotation: Annotation }) => void;

/** Where the page's selection is on screen (the Annotate button shows above it). */
function selectionRect(): DOMRect | null {
  const selection = window.getSelection();
  return selection && selection.rangeCount ? selection.getRangeAt(0).getBoundingClientRect() : null;
}

/**
 * The next new annotation: the Annotate button at the selection its machine holds (`selecting`), the
 * note editor once pressed; created, it tells `onCreated` (the layer starts the next one).
 */
function NewAnnotation({ logic, annotateShown, renderEditor, onAnnounce, onCreated }: {
  logic: AnnotationLogic;
  /** False while a kept draft's editor shows. */
  annotateShown: boolean;
  renderEditor: RenderEditor;
  onAnnounce: Announce;
  onCreated: () => void;
}) {
  const t = useAnnotationTexts();
  const actor = useActorRef(logic, { input: { mayAnnotate: true }, inspect: useViewerInspection() });
  const selection = useSelector(actor, (snapshot) => (snapshot.matches('selecting') ? snapshot.context.selection : null));
  const open = useSelector(actor, isNoteEditorOpen);
  const created = useSelector(actor, (snapshot) => snapshot.matches('saved'));
  useEffect(() => {
    const subscription = actor.on('annotation.created', onAnnounce);
    return () => subscription.unsubscribe();
  }, [actor, onAnnounce]);
  useEffect(() => {
    if (created) onCreated();
  }, [created, onCreated]);
  const rect = selection && annotateShown ? selectionRect() : null;
  return (
    <>
      {rect ? (
        <div className="fixed z-40" style={{ top: Math.max(8, rect.top - 44), left: Math.max(8, rect.left) }}>
          <Button
            variant="primary"
            data-testid="annotate"
            onPress={() => {
              actor.send({ type: 'compose.start' });
              // The composer quotes the passage. Left selected, it would bring the Annotate button back at the next
              // mouseup (the Save press of a blank note, which moves no focus into the page) for a passage now marked.
              window.getSelection()?.removeAllRanges();
            }}
          >
            {t('layer.annotate')}
          </Button>
        </div>
      ) : null}
      {open ? <Composer actor={actor} renderEditor={renderEditor} /> : null}
    </>
  );
}

/** A kept draft of a new annotation: the note editor shows it again; `onDone` once saved or given up. */
function ResumedComposer({ logic, draft, renderEditor, onAnnounce, onDone }: {
  logic: AnnotationLogic;
  draft: AnnotationDraft;
  renderEditor: RenderEditor;
  onAnnounce: Announce;
  onDone: () => void;
}) {
  const actor = useActorRef(logic, { input: { mayAnnotate: true, draft }, inspect: useViewerInspection() });
  const open = useSelector(actor, isNoteEditorOpen);
  useEffect(() => {
    const subscription = actor.on('annotation.created', onAnnounce);
    return () => subscription.unsubscribe();
  }, [actor, onAnnounce]);
  useEffect(() => {
    if (!open) onDone();
  }, [open, onDone]);
  return open ? <Composer actor={actor} renderEditor={renderEditor} /> : null;
}

/** The note editor of a new annotation (its machine composing, saving or failed); Save creates it (a blank note: a highlight). */
function Composer({ actor, renderEditor }: { actor: ActorRefFrom<AnnotationLogic>; renderEditor: RenderEditor }) {
  const t = useAnnotationTexts();
  const quote = useSelector(actor, (snapshot) => snapshot.context.selection?.text ?? '');
  const note = useSelector(actor, (snapshot) => snapshot.context.note);
  const saving = useSelector(actor, isSaving);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => !isOpen && actor.send({ type: 'draft.cancel' })} className="fixed inset-0 z-50 flex items-center justify-center bg-black/30 p-4 animate-overlay-fade motion-reduce:animate-none">
      <Modal className="w-full max-w-lg rounded-lg bg-white shadow-xl outline-none" data-testid="annotation-composer">
        <Dialog className="flex flex-col gap-3 p-5 outline-none">
          <Heading slot="title" className="text-lg font-semibold text-gray-900">
            {t('layer.composeTitle')}
          </Heading>
          <blockquote className="border-s-4 border-yellow-300 ps-3 text-sm text-gray-700">{quote}</blockquote>
          {renderEditor({ value: note, onChange: (value) => actor.send({ type: 'draft.change', note: value }), label: t('note.label') })}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={() => actor.send({ type: 'draft.cancel' })}>
              {t('layer.cancel')}
            </Button>
            <Button variant="primary" isDisabled={saving || !withinTextLimit(note)} onPress={() => actor.send({ type: 'draft.save' })} data-testid="annotation-save">
              {t('layer.save')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Marks each annotation's text in its text element (`<mark data-annotation-id>`), again whenever the
 * page renders more of its content; a mark opens its annotation (click, Enter or Space). Answers the
 * ids of the annotations whose passage is gone from the material (orphaned: no mark can show them):
 * their text element no longer holds the text, or the material no longer has the element. An
 * annotation whose element is not on the page now keeps what was last found.
 */
function useMarks(annotations: readonly Annotation[], material: Material, open: (id: string) => void, label: string): ReadonlySet<string> {
  const latestOpen = useRef(open);
  latestOpen.current = open;
  const [orphaned, setOrphaned] = useState<ReadonlySet<string>>(noIds);
  const lastOrphaned = useRef(orphaned);
  const references = useMemo(() => new Set([...allElements(material.content)].map((element) => element.id)), [material]);
  useEffect(() => {
    const decorate = (mark: HTMLElement) => {
      mark.tabIndex = 0;
      mark.setAttribute('role', 'button');
      mark.setAttribute('aria-label', label);
      mark.className = 'cursor-pointer rounded-sm bg-yellow-200 text-inherit';
    };
    const apply = () => {
      const statuses = anchorAnnotations(document, annotations, { references, decorate });
      const before = lastOrphaned.current;
      const now = new Set(annotations.filter((a) => statuses.get(a.id) === 'orphaned' || (statuses.get(a.id) === 'unknown' && before.has(a.id))).map((a) => a.id));
      // Every mutation of the page comes here: the layer renders again only when the set changed.
      if (sameIds(before, now)) return;
      lastOrphaned.current = now;
      setOrphaned(now);
    };
    apply();
    // Pages mount their content in chunks and anew on every navigation: each change may bring a text to mark.
    const observer = new MutationObserver(() => apply());
    observer.observe(document.body, { childList: true, subtree: true });
    const onActivate = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      // A drag that started in a mark selects text (to annotate it too): only a plain click opens the mark.
      if (event.type === 'click' && window.getSelection()?.isCollapsed === false) return;
      const mark = (event.target as Element | null)?.closest?.(`mark[${ANNOTATION_MARK_ATTRIBUTE}]`);
      if (!mark) return;
      event.preventDefault();
      latestOpen.current(mark.getAttribute(ANNOTATION_MARK_ATTRIBUTE)!);
    };
    document.addEventListener('click', onActivate);
    document.addEventListener('keydown', onActivate);
    return () => {
      observer.disconnect();
      document.removeEventListener('click', onActivate);
      document.removeEventListener('keydown', onActivate);
      for (const annotation of annotations) {
        const element = document.getElementById(annotation.reference);
        if (element) unwrapAnchor(element, annotation.id);
      }
    };
  }, [annotations, label, references]);
  return orphaned;
}

const noIds: ReadonlySet<string> = new Set();
const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));
