/** The router, re-exported so every app uses the one copy inside this singleton (a second copy loses the context). */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  useNavigate,
  useParams,
  useLocation,
  useSearchParams,
  useBlocker,
  useInRouterContext,
  UNSAFE_NavigationContext,
} from 'react-router-dom';
export type { NavigateFunction } from 'react-router-dom';
export { RouterLink, NavLink, isActivePath, type RouterLinkProps, type NavLinkProps } from './router-link';
