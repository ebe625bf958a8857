/**
 * Links for the router, built on react-router's own hooks (useHref, useLinkClickHandler: its documented way to make
 * a custom link). react-router's <Link> and <NavLink> also carry framework-mode prefetching and view transitions,
 * which this product does not use and which weighed about 3 kB gz in every first render.
 * Same behaviour for what the apps use: `to`, `replace`, `state`; modified or middle clicks and target="_blank" are
 * left to the browser; NavLink adds the class `active` and aria-current="page" on its route (`end`: exact match only).
 */
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

function useClick(props: RouterLinkProps) {
  const { to, replace, state, target, onClick } = props;
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!e.defaultPrevented) navigate(e);
  };
}

export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(props, ref) {
  const { to, replace: _r, state: _s, ...rest } = props;
  const href = useHref(to);
  const onClick = useClick(props);
  return <a {...rest} ref={ref} href={href} onClick={onClick} />;
});

export interface NavLinkProps extends RouterLinkProps {
  /** active on this exact path only, not on the paths below it */
  end?: boolean;
}

/** Whether `path` is `target` or (unless `end`) below it. */
export function isActivePath(path: string, target: string, end = false): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const t = target.length > 1 ? target.replace(/\/+$/, '') : target;
  if (p === t) return true;
  return !end && p.startsWith(t) && (t === '/' || p.charAt(t.length) === '/');
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const { to, replace: _r, state: _s, end, className, ...rest } = props;
  const href = useHref(to);
  const onClick = useClick(props);
  const { pathname } = useLocation();
  const active = isActivePath(pathname, useResolvedPath(to).pathname, end);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={onClick}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
});
