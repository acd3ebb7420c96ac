import { DayPicker, type Matcher } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { km } from 'react-day-picker/locale/km';

/**
 * The date field's calendar (react-day-picker with its Khmer and English words), in a module of its
 * own: DateInput loads it when the calendar first opens, so a page or a dialog with a date field
 * does not carry it (issue 37); typing a date never needs it. Arrows move by day and week,
 * PageUp/PageDown by month, Enter picks.
 */
const DateCalendar = ({
  locale,
  selected,
  defaultMonth,
  startMonth,
  endMonth,
  disabled,
  onSelect,
}: {
  locale: string;
  selected: Date | undefined;
  defaultMonth: Date;
  startMonth: Date | undefined;
  endMonth: Date | undefined;
  disabled: Matcher[];
  onSelect: (date: Date) => void;
}) => (
  <DayPicker
    mode="single"
    required
    locale={locale === 'km' ? km : enUS}
    selected={selected}
    defaultMonth={defaultMonth}
    startMonth={startMonth}
    endMonth={endMonth}
    captionLayout="dropdown"
    disabled={disabled}
    autoFocus
    onSelect={(date) => {
      if (date) onSelect(date);
    }}
  />
);

export default DateCalendar;
