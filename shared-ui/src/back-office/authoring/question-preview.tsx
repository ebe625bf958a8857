/** The live preview of a question being authored, drawn by the student's own QuestionView (answer revealed). */
import { useState } from 'react';
import type { Question } from 'shared-api';
import { QuestionView } from 'shared-ui';

export function QuestionPreview({ question }: { question: Question }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  return (
    // A new Listening path remounts the view, so its audio reloads (the caller debounces the path).
    <QuestionView
      key={question.listening}
      question={question}
      selected={selected}
      onSelect={setSelected}
      correctAnswer={selected && question.answer ? question.answer : undefined}
    />
  );
}
