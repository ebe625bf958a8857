/**
 * One question as the student sees it; used by the exam page, the result detail (with the reveal) and the authoring
 * preview. CONTRACT (owned by the student-exam engineer):
 *
 * export interface QuestionViewProps {
 *   question: Question;                       // from shared-api
 *   selected?: string;                        // '1'..'4', or '0' / undefined when unanswered
 *   onSelect?: (answer: string) => void;      // absent: read-only
 *   correctAnswer?: string;                   // set: reveal mode, chosen option green if correct, red if not; correct one marked
 *   playCounts?: Partial<Record<AudioKey, number>>;
 *   onAudioPlayed?: (key: AudioKey) => void;  // a play started (counted by the exam)
 *   onAudioPlayingChange?: (playing: boolean) => void; // the exam disables navigation while true
 *   audioDisabled?: boolean;
 * }
 * export function QuestionView(props: QuestionViewProps): JSX.Element
 */
export {};
