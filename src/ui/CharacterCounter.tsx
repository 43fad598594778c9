import { useTranslation } from '../../i18n/react';

/** A long limit's counter shows once this share of it is used (spec section 5 names no limit for these texts). */
export const COUNTER_FROM_SHARE = 0.9;

/** Whether a text of `used` characters shows its counter against `limit`. */
export const showsCounter = (used: number, limit: number) => used >= limit * COUNTER_FROM_SHARE;

type CounterProps = {
  id: string;
  used: number;
  limit: number;
  /** The counter's text (its feature's namespace has it) with `used` and `limit` as the language writes numbers. */
  text: (numbers: { used: string; limit: string }) => string;
};

/**
 * The counter of a field with a character limit (spec section 5): used / limit, styled as an error
 * when the limit is exceeded. The field names it in `aria-describedby`.
 */
export function CharacterCounter({ id, used, limit, text }: CounterProps) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const over = used > limit;
  return (
    <p id={id} className={`mt-1 text-right text-sm tabular-nums ${over ? 'font-semibold text-red-700' : 'text-gray-600'}`} data-over={over || undefined}>
      {text({ used: format.format(used), limit: format.format(limit) })}
    </p>
  );
}
