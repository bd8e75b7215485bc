/** The bytes every URL "downloads" to in tests. */
const PLACEHOLDER_BYTES = new TextEncoder().encode('downloaded in a test without network');

/**
 * A `generateText` `experimental_download` that never touches the network: URLs the model
 * supports are passed through (the provider sends them as URLs), and every other URL — which the
 * AI SDK would download and send inline — gets placeholder bytes, with the media type left to
 * the part that named the URL.
 */
export function noNetworkDownload(
  requests: Array<{ url: URL; isUrlSupportedByModel: boolean }>,
): Promise<Array<{ data: Uint8Array; mediaType: undefined } | null>> {
  return Promise.resolve(
    requests.map((request) =>
      request.isUrlSupportedByModel ? null : { data: PLACEHOLDER_BYTES, mediaType: undefined },
    ),
  );
}
