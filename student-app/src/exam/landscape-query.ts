/** A short landscape screen (a phone turned sideways): the student layout moves its links to the top bar. */
export const LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px)';
