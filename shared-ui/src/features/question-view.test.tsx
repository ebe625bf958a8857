import { fireEvent, render, screen } from '@testing-library/react';
import type { AudioKey, Question } from 'shared-api';
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
    // not by colour only: an icon and words (WCAG 1.4.1)
    expect(screen.getByText(/Your answer · correct/)).toHaveTextContent('✓ Your answer · correct');
    expect(screen.getByTestId('answer-details')).toHaveTextContent('place particle');
  });

  it('reveal: a wrong choice is red and the correct one is marked', () => {
    renderView({ selected: '1', correctAnswer: '2' });
    expect(screen.getByTestId('option-1')).toHaveAttribute('data-result', 'wrong');
    expect(screen.getByTestId('option-2')).toHaveAttribute('data-result', 'answer');
    expect(screen.getByText(/Your answer · wrong/)).toHaveTextContent('✗ Your answer · wrong');
    expect(screen.getByText(/^Correct answer$/)).toHaveTextContent('✓ Correct answer');
    expect(screen.getByTestId('answer-details')).toHaveTextContent('Correct answer: 2');
  });

  it('the options are one radio group for the keyboard: one Tab stop, arrow keys move and choose, Space chooses', () => {
    const onSelect = jest.fn();
    const { rerender } = renderView({ onSelect });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    radios[0]!.focus();
    fireEvent.keyDown(radios[0]!, { key: 'ArrowDown' });
    expect(onSelect).toHaveBeenLastCalledWith('2');
    expect(radios[1]).toHaveFocus();
    fireEvent.keyDown(radios[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(radios[0]!, { key: 'ArrowLeft' }); // wraps to the last
    expect(onSelect).toHaveBeenLastCalledWith('4');
    expect(radios[3]).toHaveFocus();
    fireEvent.keyDown(radios[3]!, { key: 'ArrowRight' }); // and back to the first
    expect(onSelect).toHaveBeenLastCalledWith('1');
    fireEvent.keyDown(radios[0]!, { key: 'Tab' }); // other keys: nothing chosen
    expect(onSelect).toHaveBeenCalledTimes(4);
    rerender(
      <UiProvider>
        <QuestionView question={base} onSelect={onSelect} selected="3" />
      </UiProvider>,
    );
    // the chosen option is the group's Tab stop
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('tabindex'))).toEqual(['-1', '-1', '0', '-1']);
  });

  it('image options and pictures have alt text saying which they are', () => {
    renderView({
      question: { ...base, description: '/media/d.png', description_image: true, option_type: 'image',
        option1: '/media/1.png', option2: '/media/2.png', option3: '/media/3.png', option4: '/media/4.png' },
    });
    expect(screen.getByRole('img', { name: 'Question 3 image' })).toHaveAttribute('src', '/media/d.png');
    for (const n of [1, 2, 3, 4]) expect(screen.getByRole('radio', { name: `Option ${n}: picture ${n}` })).toBeInTheDocument();
    const alts = Array.from(document.querySelectorAll('img')).map((i) => i.getAttribute('alt'));
    expect(alts).toEqual(['Question 3 image', 'Option 1 image', 'Option 2 image', 'Option 3 image', 'Option 4 image']);
  });

  it('the author\'s alt text names each image and its option; an empty one falls back to which image it is', () => {
    renderView({
      question: { ...base, main_heading: '/media/h.png', main_heading_image: true, description: '/media/d.png', description_image: true,
        option_type: 'image', option1: '/media/1.png', option2: '/media/2.png', option3: '/media/3.png', option4: '/media/4.png',
        main_heading_alt: 'A no-smoking sign', description_alt: '  ', option1_alt: 'A hammer', option2_alt: '', option3_alt: 'A ladder' },
    });
    expect(screen.getByRole('img', { name: 'A no-smoking sign' })).toHaveAttribute('src', '/media/h.png');
    expect(screen.getByRole('img', { name: 'Question 3 image' })).toHaveAttribute('src', '/media/d.png');
    const alts = Array.from(document.querySelectorAll('img')).map((i) => i.getAttribute('alt'));
    expect(alts).toEqual(['A no-smoking sign', 'Question 3 image', 'A hammer', 'Option 2 image', 'A ladder', 'Option 4 image']);
    // the options' names, read with the radio buttons, carry the same text
    expect(screen.getByRole('radio', { name: 'Option 1: A hammer' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option 2: picture 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option 3: A ladder' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option 4: picture 4' })).toBeInTheDocument();
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

  it('with a limit: plays left before and while playing, no autoplay, the control refused with the reason when none are left', () => {
    const q: Question = {
      ...base, type: 'Listening', option_type: 'listening', listening: '/media/a.mp3',
      option1: '/media/1.mp3', option2: '/media/2.mp3', option3: '/media/3.mp3', option4: '/media/4.mp3',
    };
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    play.mockClear();
    const counts: Partial<Record<string, number>> = { option2: 1 };
    const onAudioPlayed = jest.fn((key: string) => {
      counts[key] = (counts[key] ?? 0) + 1;
      return true;
    });
    const view = (c = counts, stopRequest?: { key: AudioKey; seq: number }) => (
      <UiProvider>
        <QuestionView question={q} playCounts={{ ...c }} playLimit={1} onAudioPlayed={onAudioPlayed} stopRequest={stopRequest} />
      </UiProvider>
    );
    const { rerender } = render(view());
    // nothing plays by itself, and no element asks the browser to autoplay
    expect(play).not.toHaveBeenCalled();
    expect(document.querySelectorAll('audio[autoplay]')).toHaveLength(0);
    expect(screen.getByTestId('plays-left-main')).toHaveTextContent('Plays left: 1');
    expect(screen.queryByTestId('play-count-main')).not.toBeInTheDocument();
    // option 2 was played on another visit: refused, with the reason, still focusable (keyboard users hear why)
    const option2 = screen.getByRole('button', { name: 'Play option 2 audio' });
    expect(option2).toHaveAttribute('aria-disabled', 'true');
    expect(option2).not.toBeDisabled();
    expect(option2).toHaveAccessibleDescription('No plays left');
    fireEvent.click(option2);
    expect(onAudioPlayed).not.toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();

    const main = screen.getByRole('button', { name: 'Play question 3 audio' });
    expect(main).toHaveAccessibleDescription('Plays left: 1');
    main.focus();
    fireEvent.click(main); // a tap (or Enter / Space on the focused button)
    expect(onAudioPlayed).toHaveBeenCalledWith('main');
    expect(play).toHaveBeenCalledTimes(1);
    rerender(view());
    // while it plays: the plays left say 0, and it can be stopped
    expect(screen.getByTestId('plays-left-main')).toHaveTextContent('Plays left: 0');
    const stop = screen.getByRole('button', { name: 'Stop question 3 audio' });
    expect(stop).not.toHaveAttribute('aria-disabled');
    fireEvent.click(stop);
    expect(screen.getByTestId('plays-left-main')).toHaveTextContent('No plays left');
    expect(screen.getByRole('button', { name: 'Play question 3 audio' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Play question 3 audio' }));
    expect(play).toHaveBeenCalledTimes(1);

    // the exam refuses a play (its own count said none are left): the audio does not start
    onAudioPlayed.mockImplementationOnce(() => false);
    fireEvent.click(screen.getByRole('button', { name: 'Play option 1 audio' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play option 1 audio' })).toBeInTheDocument();

    // the server refused a play after it started: the exam asks it to stop
    fireEvent.click(screen.getByRole('button', { name: 'Play option 3 audio' }));
    expect(screen.getByRole('button', { name: 'Stop option 3 audio' })).toBeInTheDocument();
    rerender(view(counts, { key: 'option3', seq: 1 }));
    expect(screen.getByRole('button', { name: 'Play option 3 audio' })).toHaveAttribute('aria-disabled', 'true');
  });
});
