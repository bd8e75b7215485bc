import { useRef, useState } from 'preact/hooks';
import { useConnection } from '../auth';

/** Bytes one "Load more" asks for (one `Range` request). */
export const BLOB_PAGE_BYTES = 256 * 1024;

/** What a blob output shows of its reference (`{ type: 'blob', as, blob }`). */
export interface BlobOutputRef {
  sha256: string;
  size: number;
  mediaType: string;
  preview: string;
}

/** The reference of a blob output, or `undefined` for any other output. */
export function blobOutputRef(output: unknown): BlobOutputRef | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const { type, blob } = output as Record<string, unknown>;
  return type === 'blob' ? blobRefOf(blob) : undefined;
}

/** A blob reference (`{ sha256, size, mediaType, preview }`), or `undefined` for anything else. */
export function blobRefOf(blob: unknown): BlobOutputRef | undefined {
  if (typeof blob !== 'object' || blob === null) return undefined;
  const { sha256, size, mediaType, preview } = blob as Record<string, unknown>;
  if (typeof sha256 !== 'string' || typeof size !== 'number') return undefined;
  return {
    sha256,
    size,
    mediaType: typeof mediaType === 'string' ? mediaType : 'application/octet-stream',
    preview: typeof preview === 'string' ? preview : '',
  };
}

/**
 * A big tool output kept as a blob: its preview first, then its bytes on demand, a page at a time
 * ("Load more") or the rest at once ("Load whole output"), each a `Range` request to
 * `GET /v1/sessions/:sessionId/blobs/:sha256`; the text is decoded as a stream, so a character
 * split between two pages is shown whole.
 */
export function BlobOutput({
  sessionId,
  blob,
  noun = 'output',
}: {
  sessionId: string;
  blob: BlobOutputRef;
  /** What the blob holds, as the status and buttons name it (an output, a text, an input value). */
  noun?: string;
}) {
  const connection = useConnection();
  const decoder = useRef(new TextDecoder('utf-8'));
  const [state, setState] = useState<{
    text: string;
    loaded: number;
    loading: boolean;
    error?: string;
  }>({ text: '', loaded: 0, loading: false });
  const load = async (bytes: number): Promise<void> => {
    const start = state.loaded;
    const end = Math.min(blob.size, start + bytes) - 1;
    setState({ ...state, loading: true });
    try {
      const response = await fetch(
        `/v1/sessions/${encodeURIComponent(sessionId)}/blobs/${blob.sha256}`,
        {
          headers: {
            range: `bytes=${start}-${end}`,
            ...(connection.apiKey === undefined
              ? {}
              : { authorization: `Bearer ${connection.apiKey}` }),
          },
        },
      );
      if (response.status !== 206 && response.status !== 200) {
        throw new Error(`the server answered ${response.status}`);
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const loaded = start + body.length;
      const text = state.text + decoder.current.decode(body, { stream: loaded < blob.size });
      setState({ text, loaded, loading: false });
    } catch (error) {
      setState({
        ...state,
        loading: false,
        error: `Could not load the ${noun}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
  const whole = state.loaded >= blob.size;
  return (
    <div class="blob-output">
      <pre class="text">{state.loaded === 0 ? blob.preview : state.text}</pre>
      <p class="blob-status" role="status">
        {whole
          ? `Whole ${noun}: ${blob.size.toLocaleString('en-US')} bytes.`
          : state.loaded === 0
            ? `Preview of a ${blob.size.toLocaleString('en-US')}-byte ${noun}.`
            : `Showing ${state.loaded.toLocaleString('en-US')} of ${blob.size.toLocaleString('en-US')} bytes.`}
      </p>
      {state.error !== undefined && <p class="error-text">{state.error}</p>}
      {!whole && (
        <p>
          <button
            type="button"
            class="link"
            disabled={state.loading}
            onClick={() => void load(BLOB_PAGE_BYTES)}
          >
            Load more
          </button>{' '}
          <button
            type="button"
            class="link"
            disabled={state.loading}
            onClick={() => void load(blob.size - state.loaded)}
          >
            Load whole {noun}
          </button>
        </p>
      )}
    </div>
  );
}
