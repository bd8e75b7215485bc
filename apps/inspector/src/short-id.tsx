import { useState } from 'preact/hooks';
import { shortLabel } from './model/short-label';

/**
 * An id as a short readable label (`shortLabel`), the full id in its title and, when it was
 * shortened, a button that copies it. A short id is shown as it is.
 */
export function ShortId({ id, copy = true }: { id: string; copy?: boolean }) {
  const label = shortLabel(id);
  const [copied, setCopied] = useState(false);
  if (label === id) return <span class="id">{id}</span>;
  return (
    <span class="id" title={id}>
      {label}
      {copy && (
        <button
          type="button"
          class="copy-id"
          aria-label={copied ? `Copied ${id}` : `Copy the id ${id}`}
          onClick={(event) => {
            event.stopPropagation();
            void navigator.clipboard?.writeText(id).then(() => setCopied(true));
          }}
        >
          {copied ? '✓' : '⧉'}
        </button>
      )}
    </span>
  );
}
