/** While an exam runs: ask before leaving (tab close, reload, in-app navigation, browser back); full screen: ./fullscreen.ts. */
import { useContext, useEffect } from 'react';
import { MSG } from 'shared-api';
import { UNSAFE_NavigationContext, leaveGuard } from 'shared-ui';

/** beforeunload prompt (closing or reloading the tab). */
export function useBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Browsers show their own text; the spec's message is kept for those that show it.
      e.returnValue = MSG.examRunningQuit;
      return MSG.examRunningQuit;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

type Navigator = { push: (...a: unknown[]) => void; replace: (...a: unknown[]) => void };

/**
 * In-app navigation blocker that works with BrowserRouter (react-router's useBlocker needs a data router): wraps the
 * router's navigator while active, and keeps a guard entry in the history so the browser's Back asks first.
 */
export function useNavigationBlocker(active: boolean, message: string = MSG.examRunningQuit) {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  useEffect(() => {
    if (!active) return;
    const { push, replace } = navigator;
    // Logout in the layout asks through the same guard; an answer given there is not asked again here.
    leaveGuard.set(message);
    const mayLeave = () => leaveGuard.takeAnswer() || window.confirm(message);
    navigator.push = (...args: unknown[]) => {
      if (mayLeave()) push.apply(navigator, args);
    };
    navigator.replace = (...args: unknown[]) => {
      if (mayLeave()) replace.apply(navigator, args);
    };
    // Back button: a duplicate entry for this page absorbs the first Back.
    window.history.pushState(window.history.state, '', window.location.href);
    let leaving = false;
    const onPop = () => {
      if (leaving) return;
      if (window.confirm(message)) {
        leaving = true;
        window.history.back();
      } else {
        window.history.pushState(window.history.state, '', window.location.href);
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      leaveGuard.set(null);
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('popstate', onPop);
    };
  }, [active, navigator, message]);
}
