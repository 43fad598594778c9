import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosurePanel as AriaDisclosurePanel,
  Heading,
} from 'react-aria-components';

type DisclosureProps = {
  title: ReactNode;
  isExpanded: boolean;
  /** Called with the wanted state: a click on the title, or the browser's find-in-page opening it. */
  onExpandedChange: (isExpanded: boolean) => void;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  children: ReactNode;
  className?: string;
};

/**
 * A react-aria-components disclosure, controlled from outside: a heading with a trigger button
 * (aria-expanded) and a panel hidden "until-found", so find-in-page still reaches folded content.
 */
export function Disclosure({ title, isExpanded, onExpandedChange, headingLevel = 3, children, className = '' }: DisclosureProps) {
  return (
    <AriaDisclosure
      isExpanded={isExpanded}
      onExpandedChange={onExpandedChange}
      className={`group rounded-lg border border-gray-200 bg-white ${className}`}
    >
      <Heading level={headingLevel} className="m-0">
        <AriaButton
          slot="trigger"
          className="flex w-full cursor-default items-center gap-3 rounded-lg px-4 py-3 text-left text-base font-semibold text-gray-900 outline-none hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            className="size-5 shrink-0 fill-none stroke-current stroke-2 text-primary-700 transition-transform duration-200 group-data-expanded:rotate-90 motion-reduce:transition-none"
          >
            <path d="m9 6 6 6-6 6" />
          </svg>
          <span className="flex-1">{title}</span>
        </AriaButton>
      </Heading>
      <AriaDisclosurePanel className="h-(--disclosure-panel-height) overflow-clip transition-[height] duration-200 motion-reduce:transition-none">
        <div className="border-t border-gray-100 px-4 py-3">{children}</div>
      </AriaDisclosurePanel>
    </AriaDisclosure>
  );
}
