/**
 * A `generateText` `experimental_download` that never touches the network: URLs the model
 * supports are passed through, any other URL fails the test.
 */
export function noNetworkDownload(
  requests: Array<{ url: URL; isUrlSupportedByModel: boolean }>,
): Promise<null[]> {
  const unsupported = requests.filter((request) => !request.isUrlSupportedByModel);
  if (unsupported.length > 0) {
    return Promise.reject(
      new Error(
        `The prompt would download ${unsupported.map((request) => request.url.toString()).join(', ')}; tests run without network.`,
      ),
    );
  }
  return Promise.resolve(requests.map(() => null));
}
