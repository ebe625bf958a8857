/** How a form tells the user that its rules could not be fetched (offline before the first form of the session). */
export const FORM_OFFLINE = /*i18n*/ 'Could not check the form: no connection. Please try again.';

let report: (message: string) => void = () => {};
/** The UI kit tells the forms how to tell the user (a toast, in the current language) when a form cannot be checked. */
export function onFormProblem(reporter: (message: string) => void) {
  report = reporter;
}

export function reportFormProblem(message: string) {
  report(message);
}
