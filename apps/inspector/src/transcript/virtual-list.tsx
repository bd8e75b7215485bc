import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_PX = 800;

interface VirtualListProps {
  count: number;
  /** Bumped when rows change in place (their measured heights are kept by key). */
  version: number;
  keyOf: (index: number) => string;
  renderRow: (index: number) => ComponentChildren;
  estimateHeight: number;
  /** Scrolls this row into view when it changes. */
  scrollToIndex?: number | undefined;
  label: string;
}

/**
 * A windowed list of rows of any height: only the rows near the viewport are in the DOM, each
 * measured once it renders (a `ResizeObserver`, so an expanded row pushes the rest down), the
 * others counted at their last measured or estimated height. A 20,000-row transcript renders a
 * few dozen rows at a time.
 */
export function VirtualList(props: VirtualListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(800);

  const offsets = useMemo(() => {
    const result = new Float64Array(props.count + 1);
    for (let index = 0; index < props.count; index += 1) {
      result[index + 1] =
        (result[index] ?? 0) + (heights.current.get(props.keyOf(index)) ?? props.estimateHeight);
    }
    return result;
    // `measured` and `version` say the heights or the rows changed.
  }, [props.count, props.version, measured, props.estimateHeight]);

  const total = offsets[props.count] ?? 0;
  const first = Math.max(0, indexAt(offsets, scrollTop - OVERSCAN_PX));
  const last = Math.min(
    props.count - 1,
    indexAt(offsets, scrollTop + viewportHeight + OVERSCAN_PX),
  );

  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return undefined;
    setViewportHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const observer = useMemo(
    () =>
      new ResizeObserver((records) => {
        let changed = false;
        for (const record of records) {
          const element = record.target as HTMLElement;
          const key = element.dataset['key'];
          const height = element.offsetHeight;
          if (key === undefined || height === 0) continue;
          if (heights.current.get(key) !== height) {
            heights.current.set(key, height);
            changed = true;
          }
        }
        if (changed) setMeasured((value) => value + 1);
      }),
    [],
  );
  useEffect(() => () => observer.disconnect(), [observer]);

  // The row scrolled to stays at the top while the rows above it are measured (their real
  // heights move it), until the reader scrolls.
  // A target already on screen (a click on a row) is left where it is.
  const anchor = useRef<number | undefined>(undefined);
  const lastTarget = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    if (props.scrollToIndex !== lastTarget.current) {
      lastTarget.current = props.scrollToIndex;
      const target = props.scrollToIndex;
      const top = target === undefined ? undefined : offsets[target];
      const visible =
        top !== undefined &&
        top >= element.scrollTop &&
        top < element.scrollTop + element.clientHeight - props.estimateHeight;
      anchor.current = visible ? undefined : target;
    }
    if (anchor.current === undefined) return;
    const top = offsets[anchor.current] ?? 0;
    if (Math.abs(element.scrollTop - top) > 1) element.scrollTop = top;
    placedAt.current = element.scrollTop;
    setScrollTop(element.scrollTop);
  }, [offsets, props.scrollToIndex]);
  // Where the list last put the scroll position itself: any other position is the reader's.
  const placedAt = useRef<number | undefined>(undefined);
  const release = (): void => {
    anchor.current = undefined;
  };

  const rows: ComponentChildren[] = [];
  for (let index = first; index <= last; index += 1) {
    const key = props.keyOf(index);
    rows.push(
      <div
        key={key}
        data-key={key}
        role="listitem"
        aria-setsize={props.count}
        aria-posinset={index + 1}
        class="virtual-row"
        style={{ transform: `translateY(${offsets[index] ?? 0}px)` }}
        ref={(element) => {
          if (element !== null) observer.observe(element);
        }}
      >
        {props.renderRow(index)}
      </div>,
    );
  }
  return (
    <div
      ref={viewport}
      class="virtual-viewport"
      role="region"
      tabIndex={0}
      aria-label={`${props.label} (scrollable)`}
      onScroll={(event) => {
        const position = event.currentTarget.scrollTop;
        if (placedAt.current !== undefined && Math.abs(position - placedAt.current) > 1) release();
        setScrollTop(position);
      }}
      onWheel={release}
      onPointerDown={release}
      onKeyDown={release}
      onTouchStart={release}
    >
      <div
        role="list"
        aria-label={props.label}
        class="virtual-space"
        style={{ height: `${total}px` }}
      >
        {rows}
      </div>
    </div>
  );
}

/** The row at `offset` px from the top (binary search over the prefix sums). */
function indexAt(offsets: Float64Array, offset: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}
