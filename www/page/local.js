/**
 * What the page keeps and hands out on this device: this browser's local storage, and files
 * downloaded from text the page made. Nothing here sends anything anywhere.
 */

/** The stored value of `key`, or null (also when storage is off or refuses). */
export function storageGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; false when the browser refused (storage full or off). */
export function storageSet(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes `key` from storage (nothing when storage is off). */
export function storageRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage is off: there is nothing to remove.
  }
}

/** Offers `text` as a download called `name`, of media type `type`. */
export function downloadText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL only holds the text in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
