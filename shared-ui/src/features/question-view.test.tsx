import { fireEvent, render, screen } from '@testing-library/react';
import type { Question } from 'shared-api';
import { UiProvider } from '../provider';
import { QuestionView } from './question-view';
import { parseOption, questionAudioUrls } from './question-options';

const base: Question = {
  _id: 'q1', exam: 'e1', type: 'Reading', question_number: 3, main_heading: '다음을 고르십시오.', main_heading_image: false,
  heading: '', description: '저는 공장(      ) 일합니다.', description_image: false, description_boxed: true,
  option_type: 'text', option1: '을', option2: '에서', option3: '이', option4: '와', listening: '',
};

function renderView(props: Partial<Parameters<typeof QuestionView>[0]> = {}) {
  return render(
    <UiProvider>
      <QuestionView question={base} {...props} />
    </UiProvider>,
  );
}

describe('QuestionView', () => {
  it('reports the chosen option and marks it checked', () => {
    const onSelect = jest.fn();
    const { rerender } = renderView({ onSelect });
    fireEvent.click(screen.getByRole('radio', { name: 'Option 2: 에서' }));
    expect(onSelect).toHaveBeenCalledWith('2');
    rerender(
      <UiProvider>
        <QuestionView question={base} onSelect={onSelect} selected="2" />
      </UiProvider>,
    );
    expect(screen.getByRole('radio', { name: 'Option 2: 에서' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Option 1: 을' })).toHaveAttribute('aria-checked', 'false');
    // no reveal while answering
    expect(screen.queryByTestId('answer-details')).not.toBeInTheDocument();
    expect(screen.getByTestId('option-2')).not.toHaveAttribute('data-result');
  });

  it('reveal: a correct choice is green', () => {
    renderView({ selected: '2', correctAnswer: '2', question: { ...base, answer: '2', answer_details: 'place particle' } });
    expect(screen.getByTestId('option-2')).toHaveAttribute('data-result', 'correct');
    expect(screen.getByText('Your answer · correct')).toBeInTheDocument();
    expect(screen.getByTestId('answer-details')).toHaveTextContent('place particle');
  });

  it('reveal: a wrong choice is red and the correct one is marked', () => {
    renderView({ selected: '1', correctAnswer: '2' });
    expect(screen.getByTestId('option-1')).toHaveAttribute('data-result', 'wrong');
    expect(screen.getByTestId('option-2')).toHaveAttribute('data-result', 'answer');
    expect(screen.getByText('Correct answer')).toBeInTheDocument();
    expect(screen.getByTestId('answer-details')).toHaveTextContent('Correct answer: 2');
  });

  it('reveal: unanswered shows the correct answer and not attempted', () => {
    renderView({ selected: '0', correctAnswer: '4' });
    expect(screen.getByTestId('option-4')).toHaveAttribute('data-result', 'answer');
    expect(screen.getByText('Not attempted')).toBeInTheDocument();
  });

  it('plays audio: counts shown, play reported, playing state reported', () => {
    const q: Question = {
      ...base, type: 'Listening', option_type: 'listeningandtext', listening: '/media/a.mp3',
      option1: JSON.stringify({ text: '사과', listening: '/media/1.mp3' }), option2: JSON.stringify({ text: '배', listening: '/media/2.mp3' }),
      option3: JSON.stringify({ text: '포도', listening: '/media/3.mp3' }), option4: JSON.stringify({ text: '수박', listening: '/media/4.mp3' }),
    };
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const onAudioPlayed = jest.fn();
    const onAudioPlayingChange = jest.fn();
    renderView({ question: q, playCounts: { main: 2 }, onAudioPlayed, onAudioPlayingChange });
    expect(screen.getByTestId('play-count-main')).toHaveTextContent('Played 2 times');
    expect(screen.getByTestId('play-count-option3')).toHaveTextContent('Played 0 times');
    fireEvent.click(screen.getByRole('button', { name: 'Play question 3 audio' }));
    expect(onAudioPlayed).toHaveBeenCalledWith('main');
    expect(onAudioPlayingChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('button', { name: 'Stop question 3 audio' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop question 3 audio' }));
    expect(onAudioPlayingChange).toHaveBeenLastCalledWith(false);
    expect(questionAudioUrls(q)).toEqual(['/media/a.mp3', '/media/1.mp3', '/media/2.mp3', '/media/3.mp3', '/media/4.mp3']);
    expect(parseOption(q, 2)).toEqual({ text: '포도', image: null, audio: '/media/3.mp3' });
  });
});
