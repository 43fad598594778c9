/**
 * Visual variants of the kit's button (src/ui/Button.tsx), and a native `<button>`'s classes in them.
 * Their colours change at once, without a transition: a button that turns from one variant into another
 * (Evaluate into Edit Answer) started six colour transitions, each three events that React's root
 * listener handles, in the frame that shows the question's feedback.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'icon' | 'overlay';

export const buttonBase =
  'inline-flex items-center justify-center gap-2 font-medium cursor-default ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

export const buttonVariants: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-primary-600 px-4 py-2 text-sm text-white hover:bg-primary-700 data-pressed:bg-primary-800',
  secondary: 'rounded-md border border-gray-300 bg-white px-4 py-2 text-sm text-gray-800 hover:bg-gray-50 data-pressed:bg-gray-100',
  quiet: 'rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 data-pressed:bg-gray-200',
  icon: 'size-9 rounded-full text-gray-700 hover:bg-gray-100 data-pressed:bg-gray-200',
  overlay: 'size-10 rounded-full bg-white/90 text-gray-900 shadow-md ring-1 ring-black/10 hover:bg-white data-pressed:bg-gray-100',
};

/**
 * The kit's classes for a native `<button>` of a variant: what react-aria's press state shows as
 * `data-pressed` is `:active` there.
 */
export function nativeButtonClass(variant: 'primary' | 'secondary'): string {
  return [buttonBase, buttonVariants[variant], variant === 'primary' ? 'active:bg-primary-800' : 'active:bg-gray-100'].join(' ');
}
