/** The router, re-exported so every app uses the one copy inside this singleton (a second copy loses the context). */
export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  useNavigate,
  useParams,
  useLocation,
  UNSAFE_NavigationContext,
  Link as RouterLink,
  NavLink,
} from 'react-router-dom';
export type { NavigateFunction, LinkProps as RouterLinkProps, NavLinkProps } from 'react-router-dom';
