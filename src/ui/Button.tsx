import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button';
import { composeRenderProps } from 'react-aria-components/composeRenderProps';
import { buttonBase, buttonVariants, type ButtonVariant } from '../../paint/buttonClasses';

export type ButtonProps = AriaButtonProps & { variant?: ButtonVariant };

/** A react-aria-components button styled with the kit's variants. */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => [buttonBase, buttonVariants[variant], extra].filter(Boolean).join(' '))}
    />
  );
}
