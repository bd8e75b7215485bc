/** A page of the inspector, as its URL says it (deep links: a session, a message, a revision). */
export type Route =
  | { page: 'sessions'; query?: string }
  | {
      page: 'session';
      sessionId: string;
      messageId?: string;
      revision?: number;
      /** `revision` given as the context of recorded model call N. */
      call?: number;
    }
  | { page: 'analytics' };

/** The route of a URL's path and query (`/`, `/?q=…`, `/sessions/<id>?message=…&revision=…`, `/analytics`). */
export function parseRoute(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  const session = /^\/sessions\/([^/]+)\/?$/.exec(pathname);
  if (session?.[1] !== undefined) {
    const messageId = params.get('message');
    const revision = integer(params.get('revision'));
    const call = integer(params.get('call'));
    return {
      page: 'session',
      sessionId: decodeURIComponent(session[1]),
      ...(messageId === null || messageId === '' ? {} : { messageId }),
      ...(revision === undefined ? {} : { revision }),
      ...(call === undefined ? {} : { call }),
    };
  }
  if (pathname === '/analytics' || pathname === '/analytics/') return { page: 'analytics' };
  const query = params.get('q');
  return query === null || query === '' ? { page: 'sessions' } : { page: 'sessions', query };
}

/** The URL (path and query) of a route; `parseRoute(href(route))` gives the route back. */
export function href(route: Route): string {
  switch (route.page) {
    case 'sessions':
      return route.query === undefined ? '/' : `/?${new URLSearchParams({ q: route.query })}`;
    case 'analytics':
      return '/analytics';
    case 'session': {
      const params = new URLSearchParams();
      if (route.messageId !== undefined) params.set('message', route.messageId);
      if (route.revision !== undefined) params.set('revision', String(route.revision));
      if (route.call !== undefined) params.set('call', String(route.call));
      const query = params.toString();
      return `/sessions/${encodeURIComponent(route.sessionId)}${query === '' ? '' : `?${query}`}`;
    }
    default: {
      const unreachable: never = route;
      return unreachable;
    }
  }
}

function integer(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}
