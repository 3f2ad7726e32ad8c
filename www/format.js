/** Number and size formatting shared by the page's modules, the same on every machine. */

const COUNT_FORMAT = new Intl.NumberFormat('en');

/** `12345` as `12,345`. */
export function formatCount(value) {
  return COUNT_FORMAT.format(value);
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
  return `${value.toFixed(digits)} ${units[unit]}`;
}
