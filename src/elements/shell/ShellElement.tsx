import { useContext, type ComponentType } from 'react';
import type { ContentElement } from '../../../model/elements';
import { NavigationCard, navigationCardClass } from '../../ui/NavigationCard';
import { chapterHref } from '../chapterHref';
import { DormantElement } from '../dormant/DormantElement';
import { frameProps } from '../ElementView';
import type { ElementProps } from '../elementProps';
import { elementComponents, loadsLazily } from '../registry';
import { ShellRenderingContext } from './shellRendering';

const stayAsleep = () => undefined;

/**
 * One element as the server draws it before the app runs: a reading element (text, heading, quote,
 * image, separator, columns, panel) exactly as the app renders it, a chapter as its card (a plain
 * link; the app's card shows the learner's progress), a kind with an early form as that form (it
 * answers before the app runs: src/elements/early/earlyAnswers.ts), and everything else as the stand-in the app
 * shows before such an element wakes (src/elements/dormant). The app takes the frame over, marked
 * `data-shell-element`, and replaces it with its own once its chunk of the list renders
 * (src/elements/shell/ShellRest.tsx).
 */
export function ShellElement({ element }: { element: ContentElement }) {
  const Component = elementComponents[element.modelName] as ComponentType<ElementProps> | undefined;
  const rendering = useContext(ShellRenderingContext);
  const EarlyForm = (rendering ? rendering.earlyForms[element.modelName] : undefined) as ComponentType<{ element: ContentElement }> | undefined;
  return (
    <div {...frameProps(element)} data-shell-element="">
      {element.modelName === 'Chapter' ? (
        <a href={chapterHref(element.publicId)} className={navigationCardClass}>
          <NavigationCard cover={element.cover} title={element.title} description={element.description} duration={element.duration} progress={0} />
        </a>
      ) : EarlyForm ? (
        <EarlyForm element={element} />
      ) : Component && !loadsLazily(Component) ? (
        <Component element={element} />
      ) : (
        <DormantElement element={element} onWake={stayAsleep} />
      )}
    </div>
  );
}
