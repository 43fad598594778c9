import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { scrollProgressMachine, scrollRatio } from '../../machines/scrollProgress';
import { connectScrollProgress } from '../../machines/scrollProgress.connect';
import { sameProps } from '../../machines/connect';
import { ViewerActorContext } from '../elements/viewerContext';
import { useViewerInspection } from './inspection';

export type ScrollProgressActor = ActorRefFrom<typeof scrollProgressMachine>;

type TrackerProps = {
  /** The material or chapter whose evaluationType is scrolling. */
  pageId: string;
  /** Its saved scroll progress, 0..1. */
  saved?: number;
  /** The actor the viewer spawned for the page; without it the tracker starts its own and hands its reports to the viewer. */
  actor?: ScrollProgressActor;
};


/**
 * The end marker of a page evaluated by scrolling, rendered after its content (spec sections 2 and
 * 4). It tells the page's scroll progress actor where the window stands after each scroll and
 * when the marker comes into view.
 */
export function ScrollProgressTracker({ pageId, saved, actor }: TrackerProps) {
  if (actor) return <EndMarker actor={actor} />;
  return <LocalTracker pageId={pageId} saved={saved} />;
}

function LocalTracker({ pageId, saved }: Omit<TrackerProps, 'actor'>) {
  const actor = useActorRef(scrollProgressMachine, { input: { pageId, saved }, inspect: useViewerInspection() });
  const viewer = useContext(ViewerActorContext);
  useEffect(() => {
    if (!viewer) return;
    const subscription = actor.on('element.changed', (event) => viewer.send(event));
    return () => subscription.unsubscribe();
  }, [actor, viewer]);
  return <EndMarker actor={actor} />;
}

function EndMarker({ actor }: { actor: ScrollProgressActor }) {
  const marker = useRef<HTMLDivElement>(null);
  const { complete, dataState } = useSelector(actor, connectScrollProgress, sameProps);

  useEffect(() => {
    if (complete) return;
    const onScroll = () =>
      actor.send({
        type: 'scroll.moved',
        ratio: scrollRatio({ scrollTop: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: document.documentElement.scrollHeight }),
      });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [actor, complete]);

  useEffect(() => {
    const node = marker.current;
    if (complete || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) actor.send({ type: 'scroll.endReached' });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [actor, complete]);

  return <div ref={marker} aria-hidden="true" data-scroll-end="" data-state={dataState} className="h-px" />;
}
