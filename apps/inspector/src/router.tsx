import { useEffect, useState } from 'preact/hooks';
import { href, parseRoute, type Route } from './model/routes';

/** The current route; follows the browser's history (back, forward) and `navigate`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => currentRoute());
  useEffect(() => {
    const update = (): void => setRoute(currentRoute());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}

/** Goes to a route (a new history entry, or replacing this one: a slider moving). */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const url = href(route);
  if (options.replace === true) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function currentRoute(): Route {
  return parseRoute(window.location.pathname, window.location.search);
}

/** A link to a route that the app follows itself (a new tab still gets the server's page). */
export function Link(props: {
  to: Route;
  children: preact.ComponentChildren;
  class?: string;
  'aria-current'?: 'page';
}) {
  const url = href(props.to);
  return (
    <a
      href={url}
      class={props.class}
      aria-current={props['aria-current']}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
