import { href, parseRoute, type Route } from './routes';

describe('routes', () => {
  test.each<[string, Route]>([
    ['/', { page: 'sessions' }],
    ['/?q=login%20fail', { page: 'sessions', query: 'login fail' }],
    ['/analytics', { page: 'analytics' }],
    ['/sessions/s1', { page: 'session', sessionId: 's1' }],
    [
      '/sessions/%E7%99%BB%E5%BD%95?message=m4&revision=9',
      { page: 'session', sessionId: '登录', messageId: 'm4', revision: 9 },
    ],
    ['/sessions/s1?call=2', { page: 'session', sessionId: 's1', call: 2 }],
  ])('%s is a deep link that comes back as it was', (url, route) => {
    const parsed = new URL(url, 'http://inspector.test');
    expect(parseRoute(parsed.pathname, parsed.search)).toEqual(route);
    expect(href(route)).toBe(url.replace('%20', '+'));
  });

  test('a revision that is not a number is ignored, not NaN', () => {
    expect(parseRoute('/sessions/s1', '?revision=abc')).toEqual({
      page: 'session',
      sessionId: 's1',
    });
  });
});
