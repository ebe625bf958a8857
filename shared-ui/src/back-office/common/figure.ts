import { localDigits } from 'shared-api';

/** A table's figure in the interface's digits (Nepali: Devanagari), as it is (decimals kept); blank when there is none. */
export const figure = (n: number | null | undefined): string => (n === null || n === undefined ? '' : localDigits(n));
