/**
 * Where the student is in the running exam: the question list (with its filter) or one question. Switching between
 * them, or to the next or previous question, the focus follows: to the question (read from its start, in view below
 * the sticky header), or back to its number in the list.
 */
import { useEffect, useRef, useState } from 'react';
import type { Question } from 'shared-api';

export type QuestionFilter = 'all' | 'solved' | 'unsolved';

export function useExamNavigation(questions: Question[]) {
  const [mode, setMode] = useState<'all' | 'single'>('all');
  const [index, setIndex] = useState(0);
  const [filter, setFilter] = useState<QuestionFilter>('all');
  const focusNext = useRef<'question' | 'list' | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const showQuestion = (i: number) => {
    focusNext.current = 'question';
    setIndex(i);
    setMode('single');
  };
  const showList = () => {
    focusNext.current = 'list';
    setMode('all');
  };
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'question') {
      // its start, below the sticky headers (scroll-padding-top), even when a part of it was in view already
      questionRef.current?.scrollIntoView({ block: 'start' });
      questionRef.current?.focus({ preventScroll: true });
    }
    else if (target === 'list') {
      const n = questions[index]?.question_number;
      (listRef.current?.querySelector(`[data-number="${n}"]`) as HTMLElement | null)?.focus();
    }
  }, [mode, index, questions]);
  return {
    /** the question list is shown (else one question: `index`) */
    overview: mode === 'all',
    index,
    current: mode === 'single' ? questions[index] : undefined,
    filter,
    setFilter,
    showQuestion,
    showList,
    /** the next question, or the list after the last one */
    next: () => (index >= questions.length - 1 ? showList() : showQuestion(index + 1)),
    previous: () => showQuestion(Math.max(0, index - 1)),
    questionRef,
    listRef,
  };
}
