import { useActorRef, useSelector } from '@xstate/react';
import { useViewerInspection } from '../viewer/inspection';
import { Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import type { ActorRefFrom } from 'xstate';
import {
  canEdit,
  canSaveNote,
  deleteDialogOverlay,
  draftKeyOf,
  isDeleteDialogOpen,
  isNoteEditorOpen,
  isSaving,
  selectionOf,
  type AnnotationSnapshot,
} from '../../machines/annotation';
import {
  ANNOTATION_PANEL_OVERLAY,
  canEditComment,
  canSubmitComment,
  isPanelOpen,
  shownAnnotation,
  sortedAnnotations,
  type annotationPanelMachine,
  type AnnotationPanelSnapshot,
} from '../../machines/annotationPanel';
import { ANNOTATION_PANEL_WIDTH_PX } from '../../model/constants';
import { dateLocale } from '../../i18n';
import type { Annotation, AnnotationOwner, AnnotationSort, Comment } from '../../model/annotation';
import type { Lang } from '../../model/pageData';
import { richTextToPlainText, withinTextLimit, type RichTextDoc } from '../../model/richTextDoc';
import { Button } from '../ui/Button';
import { SafeHtml } from '../../paint/SafeHtml';
import { SidePanel } from '../ui/SidePanel';
import { useOverlay } from '../ui/useOverlay';
import { AnnotationAvatar } from './AnnotationAvatar';
import type { AnnotationLogic } from './annotationLogic';
import { useAnnotationLang, useAnnotationTexts, type AnnotationTextKey } from './useAnnotationTexts';
import { OrphanNote } from './OrphanNote';
import type { DraftStore } from './draftStore';

/** The rich-text editor of notes and comments (the editor's lazy component, src/annotations/editor). */
export type RenderEditor = (props: { value: RichTextDoc; onChange: (value: RichTextDoc) => void; label: string }) => ReactNode;

export type AnnotationPanelActor = ActorRefFrom<typeof annotationPanelMachine>;

export type AnnotationPanelProps = {
  /** The panel statechart (machines/annotationPanel.ts, with the glue's calls: ./annotationLogic.ts annotationPanelLogic). */
  panel: AnnotationPanelActor;
  /** The annotation statechart with the glue's calls and drafts (./annotationLogic.ts annotationLogic): the detail's edit and delete. */
  annotationLogic: AnnotationLogic;
  /** Drafts kept in the browser: an unsent note of the shown annotation shows again in its editor. */
  drafts?: Pick<DraftStore, 'read'>;
  /** The visitor may annotate (./annotationLogic.ts mayAnnotateOf): edit, delete and comment. */
  mayAnnotate: boolean;
  renderEditor: RenderEditor;
  /** Annotations whose marked passage is gone from the material (./AnnotationLayer.tsx): listed and shown with ./OrphanNote.tsx. */
  orphanedIds?: ReadonlySet<string>;
};

/** Dates: the current language with the -CH region, two-digit day, month, year, hour and minute (spec section 9). */
export function formatAnnotationDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

type T = (key: AnnotationTextKey, vars?: Record<string, string | number>) => string;


/**
 * The sidebar panel Annotations (spec sections 2, 6 and 9): 580 px on the right, the list of the
 * material's annotations (newest or oldest first), one annotation's detail with its note, its
 * comments (ANNOTATION_COMMENTS) and, for its owner, Edit and Delete. Driven by the panel statechart;
 * renders nothing while it is closed. It is the page's sidebar overlay while open: another sidebar
 * opening closes it; Escape closes the delete dialog first, then the panel.
 */
export function AnnotationPanel({ panel, annotationLogic, drafts, mayAnnotate, renderEditor, orphanedIds }: AnnotationPanelProps) {
  const t = useAnnotationTexts();
  const open = useSelector(panel, isPanelOpen);
  const inDetail = useSelector(panel, (snapshot) => selectView(snapshot) === 'detail');
  const close = () => panel.send({ type: 'panel.close' });

  const overlay = useOverlay(ANNOTATION_PANEL_OVERLAY.id, ANNOTATION_PANEL_OVERLAY.group, { onDismiss: () => panel.send({ type: 'panel.close' }) });
  const { open: openOverlay, close: closeOverlay } = overlay;
  useEffect(() => {
    if (open) openOverlay();
    else closeOverlay();
  }, [open, openOverlay, closeOverlay]);

  if (!open) return null;
  return (
    <SidePanel
      icon="annotations"
      title={t('panel.title')}
      closeLabel={t('panel.close')}
      width={ANNOTATION_PANEL_WIDTH_PX}
      onClose={close}
      back={inDetail ? { label: t('detail.back'), onPress: () => panel.send({ type: 'detail.back' }) } : undefined}
      testId="annotation-panel"
    >
      <PanelBody panel={panel} annotationLogic={annotationLogic} drafts={drafts} mayAnnotate={mayAnnotate} renderEditor={renderEditor} orphanedIds={orphanedIds} t={t} />
    </SidePanel>
  );
}

const selectView = (snapshot: AnnotationPanelSnapshot): 'loading' | 'failed' | 'loaded' | 'detail' => {
  if (snapshot.matches({ open: 'detail' })) return 'detail';
  if (snapshot.matches({ open: { list: 'failed' } })) return 'failed';
  if (snapshot.matches({ open: { list: 'loading' } })) return 'loading';
  return 'loaded';
};

function PanelBody(props: AnnotationPanelProps & { t: T }) {
  const { panel, t } = props;
  const view = useSelector(panel, selectView);
  const shown = useSelector(panel, shownAnnotation);
  if (view === 'detail' && shown) return <AnnotationDetail key={shown.id} {...props} annotation={shown} />;
  return (
    <div className="flex flex-col gap-4">
      <SortControl panel={panel} t={t} />
      {view === 'loading' ? (
        <p role="status" className="text-sm text-gray-600">
          {t('panel.loading')}
        </p>
      ) : view === 'failed' ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p>{t('panel.failed')}</p>
          <Button variant="secondary" onPress={() => panel.send({ type: 'list.retry' })}>
            {t('panel.retry')}
          </Button>
        </div>
      ) : (
        <AnnotationList panel={panel} orphanedIds={props.orphanedIds} t={t} />
      )}
    </div>
  );
}

function SortControl({ panel, t }: { panel: AnnotationPanelActor; t: T }) {
  const id = useId();
  const sort = useSelector(panel, (snapshot) => snapshot.context.sort);
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <label htmlFor={id} className="text-gray-700">
        {t('panel.sort')}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => panel.send({ type: 'sort.change', sort: event.currentTarget.value as AnnotationSort })}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <option value="desc">{t('panel.sortDesc')}</option>
        <option value="asc">{t('panel.sortAsc')}</option>
      </select>
    </div>
  );
}

function AnnotationList({ panel, orphanedIds, t }: { panel: AnnotationPanelActor; orphanedIds?: ReadonlySet<string>; t: T }) {
  const annotations = useSelector(panel, sortedAnnotations);
  if (!annotations.length) return <p className="text-sm text-gray-600">{t('panel.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('panel.title')}>
      {annotations.map((annotation) => (
        <li key={annotation.id} className="relative rounded-lg border border-gray-200 p-4 hover:bg-gray-50" data-testid="annotation-card" data-annotation-id={annotation.id}>
          <OwnerLine owner={annotation.owner} own={annotation.own} createdAt={annotation.created_at} t={t} />
          <blockquote className="mt-3 line-clamp-3 border-s-4 border-yellow-300 ps-3 text-sm text-gray-800">{annotation.text}</blockquote>
          {orphanedIds?.has(annotation.id) ? <OrphanNote className="mt-2" /> : null}
          {richTextToPlainText(annotation.note).trim() ? <p className="mt-2 line-clamp-3 text-sm text-gray-600">{richTextToPlainText(annotation.note)}</p> : null}
          {/* The whole card opens the detail; the button lies over it and is named by the author. */}
          <Button
            variant="quiet"
            className="absolute inset-0 size-full rounded-lg bg-transparent! hover:bg-transparent"
            aria-label={t('panel.open', { name: annotation.owner.name || t('owner.unknown') })}
            onPress={() => panel.send({ type: 'annotation.show', id: annotation.id })}
          />
        </li>
      ))}
    </ul>
  );
}

function OwnerLine({ owner, own, createdAt, t, size = 40 }: { owner: AnnotationOwner; own: boolean; createdAt: string; t: T; size?: 40 | 48 }) {
  const lang = useAnnotationLang();
  const name = owner.name || t('owner.unknown');
  return (
    <div className="flex items-center gap-3">
      <AnnotationAvatar owner={owner} size={size} />
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-gray-900" data-testid="annotation-owner">
          {own ? t('owner.you', { name }) : name}
        </span>
        <time dateTime={createdAt} className="text-xs text-gray-600">
          {formatAnnotationDate(createdAt, lang)}
        </time>
      </div>
    </div>
  );
}

function AnnotationDetail({ panel, annotationLogic, drafts, mayAnnotate, renderEditor, orphanedIds, t, annotation }: AnnotationPanelProps & { t: T; annotation: Annotation }) {
  // A note of this annotation the server never acknowledged (a reload in between) shows again.
  const [draft] = useState(() => {
    const kept = drafts?.read(draftKeyOf(selectionOf(annotation))) ?? null;
    return kept && kept.annotationId === annotation.id ? kept : null;
  });
  const actor = useActorRef(annotationLogic, { input: { mayAnnotate, annotation, draft }, inspect: useViewerInspection() });

  // What the annotation announces keeps the panel's list up to date (its comments are the panel's).
  useEffect(() => {
    const updated = actor.on('annotation.updated', (event) => {
      const listed = panel.getSnapshot().context.annotations.find((a) => a.id === event.annotation.id);
      panel.send({ type: 'annotation.updated', annotation: { ...event.annotation, comments: listed?.comments ?? event.annotation.comments } });
    });
    const deleted = actor.on('annotation.deleted', (event) => panel.send(event));
    return () => {
      updated.unsubscribe();
      deleted.unsubscribe();
    };
  }, [actor, panel]);

  const snapshot = useSelector(actor, (s) => s);
  const commentsEnabled = useSelector(panel, (s) => s.context.commentsEnabled);

  return (
    <article className="flex flex-col gap-4" data-testid="annotation-detail" aria-labelledby={`annotation-${annotation.id}-owner`}>
      <div id={`annotation-${annotation.id}-owner`}>
        <OwnerLine owner={annotation.owner} own={annotation.own} createdAt={annotation.created_at} t={t} size={48} />
      </div>
      <blockquote aria-label={t('detail.quote')} className="border-s-4 border-yellow-300 ps-3 text-gray-800">
        {annotation.text}
      </blockquote>
      {orphanedIds?.has(annotation.id) ? <OrphanNote /> : null}
      <NoteSection actor={actor} snapshot={snapshot} annotation={annotation} renderEditor={renderEditor} t={t} />
      {commentsEnabled ? <Comments panel={panel} annotation={annotation} mayAnnotate={mayAnnotate} renderEditor={renderEditor} t={t} /> : null}
      {isDeleteDialogOpen(snapshot) ? <DeleteDialog actor={actor} snapshot={snapshot} t={t} /> : null}
    </article>
  );
}

type AnnotationActor = ActorRefFrom<AnnotationLogic>;

function Editor({ renderEditor, value, onChange, label }: { renderEditor: RenderEditor; value: RichTextDoc; onChange: (value: RichTextDoc) => void; label: string }) {
  const t = useAnnotationTexts();
  return <Suspense fallback={<p className="text-sm text-gray-600">{t('panel.loading')}</p>}>{renderEditor({ value, onChange, label })}</Suspense>;
}

function NoteSection({
  actor,
  snapshot,
  annotation,
  renderEditor,
  t,
}: {
  actor: AnnotationActor;
  snapshot: AnnotationSnapshot;
  annotation: Annotation;
  renderEditor: RenderEditor;
  t: T;
}) {
  const saving = isSaving(snapshot);
  const inConflict = snapshot.matches('conflict');
  const conflictLoading = snapshot.matches({ conflict: 'reapplying' }) || snapshot.matches({ conflict: 'discarding' });

  if (!isNoteEditorOpen(snapshot)) {
    return (
      <section className="flex flex-col gap-3" aria-label={t('note.label')}>
        {richTextToPlainText(annotation.note).trim() ? (
          <SafeHtml html={annotation.noteHtml} className="prose-sm text-gray-900" data-testid="annotation-note" />
        ) : (
          <p className="text-sm text-gray-600">{t('detail.noNote')}</p>
        )}
        {canEdit(snapshot) && snapshot.matches('saved') ? (
          <div className="flex gap-2">
            <Button variant="secondary" onPress={() => actor.send({ type: 'edit.start' })}>
              {t('note.edit')}
            </Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'delete.request' })}>
              {t('delete.action')}
            </Button>
          </div>
        ) : null}
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-3" aria-label={t('note.label')} aria-busy={saving || conflictLoading}>
      <Editor renderEditor={renderEditor} value={snapshot.context.note} onChange={(note) => actor.send({ type: 'draft.change', note })} label={t('note.label')} />
      {inConflict ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="annotation-conflict">
          <p>{conflictLoading ? t('conflict.loading') : t('conflict.message')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" isDisabled={conflictLoading} onPress={() => actor.send({ type: 'conflict.reapply' })}>
              {t('conflict.reapply')}
            </Button>
            <Button variant="secondary" isDisabled={conflictLoading} onPress={() => actor.send({ type: 'conflict.discard' })}>
              {t('conflict.discard')}
            </Button>
          </div>
        </div>
      ) : null}
      {snapshot.matches('failed') ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p>{t('note.failed')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'save.retry' })}>
            {t('note.retry')}
          </Button>
        </div>
      ) : null}
      {inConflict ? null : (
        <div className="flex gap-2">
          <Button variant="primary" isDisabled={saving || !canSaveNote(snapshot)} onPress={() => actor.send({ type: 'draft.save' })}>
            {saving ? t('note.saving') : t('note.save')}
          </Button>
          <Button variant="secondary" isDisabled={saving} onPress={() => actor.send({ type: 'draft.cancel' })}>
            {t('note.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The confirmation Delete the element? (spec section 8): Cancel, Escape or a press outside keep the annotation. */
function DeleteDialog({ actor, snapshot, t }: { actor: AnnotationActor; snapshot: AnnotationSnapshot; t: T }) {
  const confirming = snapshot.matches({ deleting: 'confirming' });
  const annotationId = snapshot.context.annotationId ?? '';
  const cancel = () => {
    if (actor.getSnapshot().matches({ deleting: 'confirming' })) actor.send({ type: 'delete.cancel' });
  };
  const overlay = deleteDialogOverlay(annotationId);
  const { open, close } = useOverlay(overlay.id, overlay.group, { onDismiss: cancel });
  useEffect(() => {
    open();
    return close;
  }, [open, close]);

  return (
    <ModalOverlay
      isOpen
      isDismissable={confirming}
      isKeyboardDismissDisabled={!confirming}
      onOpenChange={(isOpen) => !isOpen && cancel()}
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 p-4 animate-overlay-fade motion-reduce:animate-none"
    >
      <Modal className="w-[400px] max-w-full rounded-lg bg-white shadow-xl outline-none">
        <Dialog role="alertdialog" className="flex flex-col gap-4 p-5 outline-none" data-testid="annotation-delete-dialog">
          <Heading slot="title" className="text-lg font-semibold text-gray-900">
            {t('delete.title')}
          </Heading>
          <p className="text-sm text-gray-700">{t('delete.message')}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" isDisabled={!confirming} onPress={cancel} autoFocus>
              {t('delete.cancel')}
            </Button>
            <Button
              variant="primary"
              className="bg-red-600! hover:bg-red-700!"
              isDisabled={!confirming}
              onPress={() => actor.send({ type: 'delete.confirm' })}
            >
              {t('delete.confirm')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

const selectCommentsView = (snapshot: AnnotationPanelSnapshot) => ({
  reading: snapshot.matches({ open: { detail: 'reading' } }),
  adding: snapshot.matches({ open: { detail: 'addingComment' } }),
  updating: snapshot.matches({ open: { detail: 'updatingComment' } }),
  editedCommentId: snapshot.context.editedCommentId,
  commentEdit: snapshot.context.commentEdit,
  commentDraft: snapshot.context.commentDraft,
  canSubmit: canSubmitComment(snapshot),
});

const sameView = (a: ReturnType<typeof selectCommentsView>, b: ReturnType<typeof selectCommentsView>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);

function Comments({ panel, annotation, mayAnnotate, renderEditor, t }: { panel: AnnotationPanelActor; annotation: Annotation; mayAnnotate: boolean; renderEditor: RenderEditor; t: T }) {
  const view = useSelector(panel, selectCommentsView, sameView);
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.send({ type: 'comment.submit' });
  };
  return (
    <section className="flex flex-col gap-3 border-t border-gray-200 pt-4" aria-labelledby={headingId} data-testid="annotation-comments">
      <h3 id={headingId} className="font-semibold text-gray-900">
        {t('comments.title')}
      </h3>
      {annotation.comments.length ? (
        <ul className="flex flex-col gap-3">
          {annotation.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} panel={panel} view={view} renderEditor={renderEditor} t={t} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">{t('comments.empty')}</p>
      )}
      {mayAnnotate ? (
        <form onSubmit={submit} className="flex flex-col gap-2" data-testid="comment-form" aria-label={t('comments.new')}>
          <Editor renderEditor={renderEditor} value={view.commentDraft} onChange={(content) => panel.send({ type: 'comment.change', content })} label={t('comments.new')} />
          <div>
            <Button type="submit" variant="primary" isDisabled={!view.canSubmit}>
              {view.adding ? t('comments.sending') : t('comments.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function CommentItem({
  comment,
  panel,
  view,
  renderEditor,
  t,
}: {
  comment: Comment;
  panel: AnnotationPanelActor;
  view: ReturnType<typeof selectCommentsView>;
  renderEditor: RenderEditor;
  t: T;
}) {
  const editing = view.editedCommentId === comment.id;
  return (
    <li className="flex flex-col gap-2 rounded-md bg-gray-50 p-3" data-testid="annotation-comment" data-comment-id={comment.id}>
      <OwnerLine owner={comment.owner} own={comment.own} createdAt={comment.created_at} t={t} />
      {editing ? (
        <div className="flex flex-col gap-2">
          <Editor
            renderEditor={renderEditor}
            value={view.commentEdit}
            onChange={(content) => panel.send({ type: 'commentEdit.change', content })}
            label={t('comments.editLabel')}
          />
          <div className="flex gap-2">
            <Button variant="primary" isDisabled={view.updating || !withinTextLimit(view.commentEdit)} onPress={() => panel.send({ type: 'commentEdit.save' })}>
              {t('comments.save')}
            </Button>
            <Button variant="secondary" isDisabled={view.updating} onPress={() => panel.send({ type: 'commentEdit.cancel' })}>
              {t('comments.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <SafeHtml html={comment.contentHtml} className="text-sm text-gray-900" />
          {canEditComment(comment) && view.reading ? (
            <div>
              <Button variant="quiet" onPress={() => panel.send({ type: 'comment.edit', commentId: comment.id })}>
                {t('comments.edit')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}
