/**
 * Every item of a paginated read, page after page: `fetchPage(cursor)` answers the items and the
 * next cursor (`null` on the last page).
 */
export async function* paginate<TItem, TCursor>(
  fetchPage: (cursor: TCursor | undefined) => Promise<{ items: TItem[]; next: TCursor | null }>,
): AsyncGenerator<TItem> {
  let cursor: TCursor | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (page.next === null) return;
    cursor = page.next;
  }
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
