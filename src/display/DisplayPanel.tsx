import { useId, useMemo, useSyncExternalStore, type RefObject } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Popover } from 'react-aria-components/Popover';
import { Label, Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { Switch } from 'react-aria-components/Switch';
import { DEFAULT_DISPLAY, parseDisplayValue, TEXT_SIZES, type DisplayPreferences } from '../../model/displayPreferences';
import { useTranslation } from '../../i18n/react';
import { display } from '../../model/displayTexts';
import type { I18n } from '../../i18n/core';
import { appliedDisplayValue, savePreferences, subscribePreferences } from './preferences';

/** The panel's texts (namespace `display`) come with its chunk: added to the page's i18n before they are read. */
function addDisplayTexts(i18n: I18n): void {
  for (const [lang, texts] of Object.entries(display)) if (!i18n.hasResourceBundle(lang, 'display')) i18n.addResourceBundle(lang, 'display', texts);
}

const focusRing = 'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-600';

/**
 * The display panel (issue 28, point 5), a chunk of its own opened by the header's button
 * (./DisplayButton.tsx): text size, high contrast, reduced motion, a readable font, and a reset. Each
 * change applies at once and is kept in this browser (./preferences.ts); one made in another tab shows here too.
 */
export function DisplayPanel({ triggerRef, onClose }: { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  addDisplayTexts(useTranslation().i18n);
  const { t } = useTranslation('display');
  // What the page shows: a change in another tab shows here too.
  const value = useSyncExternalStore(subscribePreferences, appliedDisplayValue);
  const preferences = useMemo(() => parseDisplayValue(value), [value]);
  const ids = { contrast: useId(), motion: useId(), font: useId() };
  const change = (next: Partial<DisplayPreferences>) => savePreferences({ ...preferences, ...next });
  const toggle = (key: 'contrast' | 'motion' | 'font', on: DisplayPreferences[typeof key], label: string, hint: string) => (
    <div>
      <Switch
        isSelected={preferences[key] === on}
        onChange={(selected) => change({ [key]: selected ? on : DEFAULT_DISPLAY[key] })}
        aria-describedby={ids[key]}
        className={`group flex min-h-11 items-center justify-between gap-3 rounded-md py-1 text-sm font-medium text-gray-900 ${focusRing}`}
        data-testid={`display-${key}`}
      >
        {label}
        <span className="flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-gray-700 bg-white p-0.5 group-data-[selected]:border-primary-600 group-data-[selected]:bg-primary-600">
          <span className="size-4 rounded-full bg-gray-700 group-data-[selected]:translate-x-5 group-data-[selected]:bg-white rtl:group-data-[selected]:-translate-x-5 motion-safe:transition-transform" />
        </span>
      </Switch>
      <p id={ids[key]} className="text-xs text-gray-600">
        {hint}
      </p>
    </div>
  );
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => open || onClose()}
      placement="bottom end"
      className="z-50 w-[min(22rem,calc(100vw-1rem))] overflow-auto rounded-lg border border-gray-300 bg-white shadow-lg outline-none"
      data-testid="display-panel"
    >
      <Dialog className="flex flex-col gap-4 p-4 outline-none">
        <div className="flex items-start justify-between gap-2">
          <div>
            <Heading slot="title" className="text-lg font-semibold text-gray-900">
              {t('title')}
            </Heading>
            <p className="text-xs text-gray-600">{t('intro')}</p>
          </div>
          <Button slot="close" className={`min-h-6 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 ${focusRing}`}>
            {t('close')}
          </Button>
        </div>
        <RadioGroup
          value={String(preferences.textSize)}
          onChange={(value) => change({ textSize: Number(value) as DisplayPreferences['textSize'] })}
          orientation="horizontal"
          className="flex flex-col gap-2"
          data-testid="display-text-size"
        >
          <Label className="text-sm font-medium text-gray-900">{t('textSize')}</Label>
          <div className="flex flex-wrap gap-1">
            {TEXT_SIZES.map((size) => (
              <Radio
                key={size}
                value={String(size)}
                className={`flex min-h-11 min-w-11 cursor-default items-center justify-center rounded-md border border-gray-300 px-2 text-sm text-gray-900 data-[selected]:border-primary-600 data-[selected]:bg-primary-600 data-[selected]:text-white ${focusRing}`}
              >
                {size} %
              </Radio>
            ))}
          </div>
        </RadioGroup>
        {toggle('contrast', 'more', t('contrast'), t('contrastHint'))}
        {toggle('motion', 'reduce', t('motion'), t('motionHint'))}
        {toggle('font', 'readable', t('font'), t('fontHint'))}
        <Button
          onPress={() => change(DEFAULT_DISPLAY)}
          className={`self-start rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100 ${focusRing}`}
          data-testid="display-reset"
        >
          {t('reset')}
        </Button>
      </Dialog>
    </Popover>
  );
}
