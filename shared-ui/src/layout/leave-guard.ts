/**
 * A page that must not be left without asking (a running exam) registers its question here; actions of the layout
 * that leave the page by other means than a link (Logout) ask it first, and tell the page's own navigation blocker
 * that the user has already answered, so the question is asked once.
 */
let message: string | null = null;
let answered = false;

export const leaveGuard = {
  /** the page asks `text` before it is left; null when it may be left freely */
  set(text: string | null) {
    message = text;
    answered = false;
  },
  /** asks (window.confirm) if a page registered a question; true when the user may leave */
  confirm(): boolean {
    if (!message) return true;
    if (!window.confirm(message)) return false;
    answered = true;
    return true;
  },
  /** for the page's blocker: true once, right after the user agreed to leave through `confirm` */
  takeAnswer(): boolean {
    const a = answered;
    answered = false;
    return a;
  },
};
