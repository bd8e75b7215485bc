/** A page of the inspector, as its URL says it (deep links: a session, a message, a revision). */
export type Route =
  | {
      page: 'sessions';
      query?: string;
      /** The erasure just done, whose receipt the page names. */
      erased?: string;
    }
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
  const erased = params.get('erased');
  return {
    page: 'sessions',
    ...(query === null || query === '' ? {} : { query }),
    ...(erased === null || erased === '' ? {} : { erased }),
  };
}

/** The URL (path and query) of a route; `parseRoute(href(route))` gives the route back. */
export function href(route: Route): string {
  switch (route.page) {
    case 'sessions': {
      const params = new URLSearchParams();
      if (route.query !== undefined) params.set('q', route.query);
      if (route.erased !== undefined) params.set('erased', route.erased);
      const query = params.toString();
      return query === '' ? '/' : `/?${query}`;
    }
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
