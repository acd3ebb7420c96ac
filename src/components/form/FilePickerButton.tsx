import { type ReactNode, type Ref, useRef } from 'react';

type TFilePickerButtonProps = {
  /** The types offered in the picker, e.g. `image/png,image/jpeg`. */
  accept: string;
  multiple?: boolean;
  /** The files chosen (at least one). */
  onFiles: (files: File[]) => void;
  className: string;
  /** Both the button and the input: nothing can be chosen meanwhile. */
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
  'aria-describedby'?: string;
  /**
   * The input as a field of its own: a `<label htmlFor={id}>` names it (and opens the picker too),
   * and it says whether it is invalid. Without it the input is hidden from assistive technology.
   */
  input?: { id: string; invalid: boolean; describedBy: string };
  children: ReactNode;
};

/**
 * A button that opens the file picker of a visually hidden file input. The button is the
 * keyboard's way in; the input is out of the tab order and reached through it (and its label).
 */
export const FilePickerButton = ({
  accept,
  multiple,
  onFiles,
  className,
  disabled,
  ref,
  'aria-describedby': describedBy,
  input,
  children,
}: TFilePickerButtonProps) => {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        id={input?.id}
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden={input ? undefined : 'true'}
        aria-invalid={input?.invalid}
        aria-describedby={input?.describedBy}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again (after a refusal) tries again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <button
        ref={ref}
        type="button"
        className={className}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => inputRef.current?.click()}
      >
        {children}
      </button>
    </>
  );
};
