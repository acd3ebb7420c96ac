import type { TTranslatable } from '@/domain/translatable';

/**
 * A label in the language of the screen, and in both languages on paper ('ឈ្មោះ / Name'): a printed
 * case summary is read by Khmer and foreign readers alike.
 */
export const BilingualLabel = ({ text, both }: { text: string; both: TTranslatable }) => (
  <>
    <span className="print:hidden">{text}</span>
    <span className="hidden print:inline">
      <span lang="km">{both.kh}</span>
      {both.en && both.en !== both.kh ? (
        <>
          {' / '}
          <span lang="en">{both.en}</span>
        </>
      ) : null}
    </span>
  </>
);
