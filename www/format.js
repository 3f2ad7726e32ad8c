/**
 * Number and size formatting shared by the page's modules, the same on every machine.
 *
 * Written out rather than taken from `Intl.NumberFormat`: the first use of `Intl` in a page loads
 * the browser's locale data, which cost some 70 ms before the first verdict could be shown. The
 * separators follow the page's language (www/i18n.js): `12,345` and `1.5 KiB` in English,
 * `12.345` and `1,5 KiB` in Spanish and Portuguese.
 */

import { language } from './i18n.js';

/** The thousands separator and decimal mark of the page's language. */
function separators() {
  return language() === 'en' ? { thousands: ',', decimal: '.' } : { thousands: '.', decimal: ',' };
}

/** A whole number with thousands separators: `12345` as `12,345` (English) or `12.345`. */
export function formatCount(value) {
  if (!Number.isSafeInteger(value)) return String(value);
  const { thousands } = separators();
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let end = grouped.length; end < digits.length; end += 3) grouped += `${thousands}${digits.slice(end, end + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** A byte count for people: `512000` as `500 KiB`. */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits).replace('.', separators().decimal)} ${units[unit]}`;
}
