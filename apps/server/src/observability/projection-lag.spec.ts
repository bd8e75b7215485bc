import { ProjectionLag } from './projection-lag';

describe('ProjectionLag', () => {
  it('counts from the start for a handler never seen at the head', () => {
    let now = 1000;
    const lag = new ProjectionLag(() => now);
    now = 4000;
    expect(lag.seconds('views', 10)).toBe(3);
  });

  it('is 0 at the head, and counts from the last time the handler was there', () => {
    let now = 0;
    const lag = new ProjectionLag(() => now);
    lag.appended(5);
    now = 1000;
    lag.committed({ views: 5, search: 3 });
    now = 3500;
    expect(lag.seconds('views', 2)).toBe(2.5);
    expect(lag.seconds('search', 2)).toBe(3.5);
    expect(lag.seconds('search', 0)).toBe(0);
    now = 4000;
    expect(lag.seconds('search', 1)).toBe(0.5);
  });
});
