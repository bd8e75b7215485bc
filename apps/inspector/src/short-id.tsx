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
          {copied ? '✓' : <CopyIcon />}
        </button>
      )}
    </span>
  );
}

/**
 * Two overlapping squares, drawn rather than taken from a font: the `⧉` character is missing from
 * common fonts (a box was shown in its place on Debian's Chromium).
 */
function CopyIcon() {
  return (
    <svg width="11" height="11" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect
        x="5"
        y="5"
        width="9"
        height="9"
        rx="1.5"
        fill="none"
        stroke="currentColor"
        stroke-width="1.6"
      />
      <path
        d="M3 11V3.5C3 2.7 3.7 2 4.5 2H11"
        fill="none"
        stroke="currentColor"
        stroke-width="1.6"
      />
    </svg>
  );
}
