const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A large count with its thousands grouped, `1,000,300`, in both languages (the product writes
 * numbers in Latin digits): how a list shows its estimated total ('about 1,000,300', issue 26).
 */
export const groupedNumber = (value: number): string => grouping.format(value);
