import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon';
import { dangerOutlineButton, smallButton } from './ui';

type TRemoveRowButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>;

/** A table row's small outlined red button (remove a document, delete a sub-menu): a bin and its word. */
export const RemoveRowButton = ({ children, ...button }: TRemoveRowButtonProps) => (
  <button type="button" className={`${dangerOutlineButton} ${smallButton}`} {...button}>
    <Icon name="trash" className="size-3.5" />
    {children}
  </button>
);
