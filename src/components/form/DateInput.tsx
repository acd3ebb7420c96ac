import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { lazy, type Ref, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary';
import { Icon } from '@/components/Icon';
import { iconButton } from '@/components/ui';
import { displayDateOf, isoOfLocalDate, localDateOf, parseDisplayDate } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import { useI18nContext } from '@/i18n/i18n-react';
import { inputClass } from './fieldStyles';

// The calendar loads when it first opens (or the pointer rests on its button): typing needs none of it.
const loadCalendar = () => import('./DateCalendar');
const DateCalendar = lazy(loadCalendar);
const prefetchCalendar = () => {
  loadCalendar().catch(() => {});
};

export type TDateInputProps = {
  id: string;
  name?: string;
  /**
   * yyyy-mm-dd, '' for no date, or the text as typed when it is not a real day: the form's schema
   * then refuses it with its own message, like any other wrong value.
   */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and last days that may be chosen (yyyy-mm-dd); the calendar offers only those. */
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The one date field (spec section 5 shows every date as dd-mm-yyyy): typed as dd-mm-yyyy in both
 * languages whatever the browser's locale, with a calendar beside it that works from the keyboard
 * (arrows move by day and week, PageUp/PageDown by month, Enter picks, Escape closes and gives the
 * focus back). Alt+ArrowDown in the text opens the calendar. The value stays yyyy-mm-dd.
 */
export const DateInput = ({
  id,
  name,
  value,
  onChange,
  onBlur,
  min,
  max,
  invalid = false,
  describedBy,
  required,
  disabled,
  autoFocus,
  ref,
}: TDateInputProps) => {
  const { LL, locale } = useI18nContext();
  const [text, setText] = useState(() => displayDateOf(value));
  // The value this field last gave the form: a new one from outside (a reset, a loaded record) is shown.
  const emitted = useRef(value ?? '');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if ((value ?? '') !== emitted.current) {
      emitted.current = value ?? '';
      setText(displayDateOf(value));
    }
  }, [value]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };
  const iso = parseDisplayDate(text);
  const selected = iso ? localDateOf(iso) : undefined;
  const today = isoDateIn(new Date());
  const clamp = (day: string) => (max && day > max ? max : min && day < min ? min : day);
  const disabledDays = [
    ...(min ? [{ before: localDateOf(min) }] : []),
    ...(max ? [{ after: localDateOf(max) }] : []),
  ];

  return (
    <Popover className="relative">
      {({ close }) => (
        <>
          <div className="relative">
            <input
              id={id}
              name={name}
              ref={(element) => {
                inputRef.current = element;
                if (typeof ref === 'function') ref(element);
                else if (ref) ref.current = element;
              }}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={LL.dateField.placeholder()}
              className={`${inputClass(invalid)} pr-11`}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              aria-required={required || undefined}
              disabled={disabled}
              autoFocus={autoFocus}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                const parsed = parseDisplayDate(event.target.value);
                emit(parsed === null ? event.target.value : parsed);
              }}
              onBlur={() => {
                // A real day typed loosely (4/3/2019) is shown the way every date is shown.
                if (iso) setText(displayDateOf(iso));
                onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.altKey && event.key === 'ArrowDown') {
                  event.preventDefault();
                  buttonRef.current?.click();
                }
              }}
            />
            <PopoverButton
              ref={buttonRef}
              disabled={disabled}
              className={`${iconButton} absolute inset-y-0 right-0.5 my-auto size-8`}
              aria-label={LL.dateField.openCalendar()}
              title={LL.dateField.openCalendar()}
              onPointerEnter={prefetchCalendar}
            >
              <Icon name="calendar" className="size-4" />
            </PopoverButton>
          </div>
          <PopoverPanel
            anchor="bottom end"
            className="date-calendar z-[60] mt-1 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {/* Typing a date still works when the calendar could not be loaded. */}
            <ErrorBoundary
              fallback={
                <p role="alert" className="max-w-72 px-4 py-6 text-red-700 text-sm dark:text-red-300">
                  {LL.errors.loadFailed()}
                </p>
              }
            >
              <Suspense
                fallback={
                  <p role="status" className="px-4 py-6 text-slate-600 text-sm dark:text-slate-300">
                    {LL.layout.loading()}
                  </p>
                }
              >
                <DateCalendar
                  locale={locale}
                  selected={selected}
                  defaultMonth={localDateOf(clamp(iso || today))}
                  startMonth={min ? localDateOf(min) : undefined}
                  endMonth={max ? localDateOf(max) : undefined}
                  disabled={disabledDays}
                  onSelect={(date) => {
                    const picked = isoOfLocalDate(date);
                    setText(displayDateOf(picked));
                    emit(picked);
                    close(inputRef);
                  }}
                />
              </Suspense>
            </ErrorBoundary>
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
};
