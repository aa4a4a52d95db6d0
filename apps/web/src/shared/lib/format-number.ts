/** Counts and shares as the staff screens show them: the contract's formatters in `en-IN` (1,23,456; 12.5%). */
import { formatCount as formatCountIn, formatPercent as formatPercentIn } from '@registrar/contract/language';

export const formatCount = (value: number) => formatCountIn(value, 'en');

/** A fraction as a percentage (0.125 → '12.5%'), with at most `digits` decimals. */
export const formatPercent = (fraction: number, digits = 1) => formatPercentIn(fraction, 'en', digits);
