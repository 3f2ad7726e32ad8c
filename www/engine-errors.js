/**
 * An engine failure in the page's language. engine.js imports nothing (it starts compiling the
 * module before anything else runs), so its errors carry their facts (`EngineError.params`)
 * and are worded here; an error it did not word (the core refusing an input) keeps its message.
 */

import { OUT_OF_MEMORY_BYTES } from './engine.js';
import { formatCount } from './format.js';
import { t } from './i18n.js';

/** What to tell a visitor about `error`, an EngineError or any other failure. */
export function engineErrorText(error) {
  const params = error?.params ?? {};
  const detail = params.detail ? ` (${params.detail})` : '';
  switch (error?.kind) {
    case 'load':
      return t('engine.error.load', { detail });
    case 'timeout':
      return t('engine.error.timeout', { seconds: formatCount(params.seconds ?? 0) });
    case 'crash':
      return params.memoryBytes >= OUT_OF_MEMORY_BYTES
        ? t('engine.error.crash-memory', { detail, gigabytes: (params.memoryBytes / 1024 ** 3).toFixed(1) })
        : t('engine.error.crash', { detail });
    case 'cancelled':
      return t('engine.error.cancelled');
    default:
      return String(error?.message ?? error);
  }
}
