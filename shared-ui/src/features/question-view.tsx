/**
 * One question as the student sees it; used by the exam page, the result detail (with the reveal) and the authoring
 * preview. CONTRACT (owned by the student-exam engineer):
 *
 * export interface QuestionViewProps {
 *   question: Question;                       // from shared-api
 *   selected?: string;                        // '1'..'4', or '0' / undefined when unanswered
 *   onSelect?: (answer: string) => void;      // absent: read-only
 *   correctAnswer?: string;                   // set: reveal mode, chosen option green if correct, red if not; correct one marked
 *   chosenCorrect?: boolean;                  // set without correctAnswer: marks only, the chosen option green or red
 *   playCounts?: Partial<Record<AudioKey, number>>;
 *   playLimit?: number | null;                // set: each audio shows its plays left and is refused when none are
 *   onAudioPlayed?: (key: AudioKey) => boolean | void; // a play starts (counted by the exam); false: it may not
 *   stopRequest?: { key: AudioKey; seq: number }; // a new one stops that audio if it plays (the server refused it)
 *   onAudioPlayingChange?: (playing: boolean) => void; // the exam disables navigation while true
 *   audioDisabled?: boolean;
 * }
 * export function QuestionView(props: QuestionViewProps): JSX.Element
 *
 * Options carry role="radio" / aria-checked and, in reveal mode, data-result="correct" | "wrong" | "answer" (marks only:
 * the chosen option's "correct" | "wrong").
 * The options are one radio group for the keyboard (WAI-ARIA APG radio group): one Tab stop (the chosen option, else
 * the first), arrow keys move and choose, Space chooses.
 * The exam's own content (headings, description, option texts) is Korean, never translated, and marked lang="ko"; the
 * controls and their names around it follow the interface's language.
 */
import { Badge, Box, Button, HStack, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { NO_PLAYS_LEFT, UNANSWERED, authorAlt, formatNumber, i18n, imageAlt, localDigits, type AudioKey, type Question } from 'shared-api';
import { OPTION_KEYS, parseOption } from './question-options';

export interface QuestionViewProps {
  question: Question;
  selected?: string;
  onSelect?: (answer: string) => void;
  correctAnswer?: string;
  /** without correctAnswer: whether the chosen option was right (the exam shows marks, not the answers) */
  chosenCorrect?: boolean;
  playCounts?: Partial<Record<AudioKey, number>>;
  /** plays allowed of each audio (with playCounts): each shows its plays left and is refused when none are; null: no limit */
  playLimit?: number | null;
  /** a play starts (from a tap: never automatically); returning false refuses it (the audio does not start) */
  onAudioPlayed?: (key: AudioKey) => boolean | void;
  onAudioPlayingChange?: (playing: boolean) => void;
  audioDisabled?: boolean;
  /** a new request stops that audio if it is playing (a play the server refused after it started) */
  stopRequest?: { key: AudioKey; seq: number };
}

function timesLabel(count: number) {
  return i18n._('{count, plural, one {Played {n} time} other {Played {n} times}}', { count, n: formatNumber(count) });
}

/**
 * A play/stop button around a hidden <audio>; only one audio of the question plays at a time. It plays only when the
 * student presses it (mobile browsers start audio only from a user gesture; nothing here autoplays). With a limit it
 * shows the plays left, before and while playing, and refuses a play when none are left, saying why.
 */
function AudioButton(props: {
  src: string;
  /** the button's names: 'Play question 3 audio', 'Stop question 3 audio' */
  playLabel: string;
  stopLabel: string;
  audioKey: AudioKey;
  playing: AudioKey | null;
  count?: number;
  /** plays left; undefined: no limit */
  left?: number;
  disabled?: boolean;
  onStart: (key: AudioKey) => boolean;
  onStop: (key: AudioKey) => void;
}) {
  const ref = useRef<HTMLAudioElement>(null);
  const isPlaying = props.playing === props.audioKey;
  const { onStop, audioKey } = props;
  const noneLeft = props.left === 0 && !isPlaying;
  const infoId = useId();

  // Another audio started: this one stops.
  useEffect(() => {
    const el = ref.current;
    if (!isPlaying && el && !el.paused) el.pause();
  }, [isPlaying]);

  const start = () => {
    const el = ref.current;
    if (!el) return;
    try {
      el.currentTime = 0;
    } catch {
      /* not seekable yet */
    }
    if (!props.onStart(audioKey)) return;
    const p = el.play?.();
    if (p && typeof p.catch === 'function') p.catch(() => onStop(audioKey));
  };
  const stop = () => {
    ref.current?.pause();
    onStop(audioKey);
  };

  return (
    <HStack gap="2" flexWrap="wrap">
      <Button
        size="sm"
        variant={isPlaying ? 'solid' : 'outline'}
        colorPalette="blue"
        aria-label={isPlaying ? props.stopLabel : props.playLabel}
        aria-describedby={props.left !== undefined ? infoId : undefined}
        data-playing={isPlaying || undefined}
        disabled={props.disabled && !isPlaying}
        // still focusable when no plays are left, so the reason is read with it
        aria-disabled={noneLeft || undefined}
        onClick={(e) => {
          e.stopPropagation();
          if (isPlaying) stop();
          else if (!noneLeft) start();
        }}
      >
        {isPlaying ? `■ ${i18n._('Stop')}` : `▶ ${i18n._('Play')}`}
      </Button>
      {props.left !== undefined ? (
        <Text id={infoId} fontSize="xs" color={props.left === 0 ? 'fg.error' : 'fg.muted'} fontWeight={props.left === 0 ? 'medium' : undefined}
          aria-live="polite" data-testid={`plays-left-${audioKey}`}>
          {noneLeft ? i18n._(NO_PLAYS_LEFT) : i18n._('Plays left: {left}', { left: formatNumber(props.left) })}
        </Text>
      ) : props.count !== undefined && (
        <Text fontSize="xs" color="fg.muted" data-testid={`play-count-${audioKey}`}>
          {timesLabel(props.count)}
        </Text>
      )}
      <audio ref={ref} src={props.src} preload="auto" onEnded={() => onStop(audioKey)} onError={() => onStop(audioKey)} />
    </HStack>
  );
}

const OptionCard = chakra('button');

export function QuestionView(props: QuestionViewProps): JSX.Element {
  const { question: q, selected, onSelect, correctAnswer, chosenCorrect, playCounts, playLimit, onAudioPlayed, onAudioPlayingChange, stopRequest } = props;
  const [playing, setPlaying] = useState<AudioKey | null>(null);
  const reveal = correctAnswer !== undefined && correctAnswer !== '';
  const chosen = selected && selected !== UNANSWERED ? selected : undefined;

  const playingChange = useRef(onAudioPlayingChange);
  playingChange.current = onAudioPlayingChange;
  useEffect(() => {
    playingChange.current?.(playing !== null);
  }, [playing]);
  // A new question or leaving the page: nothing plays any more.
  useEffect(() => () => playingChange.current?.(false), []);
  useEffect(() => setPlaying(null), [q._id]);

  const onStart = useCallback(
    (key: AudioKey) => {
      if (onAudioPlayed?.(key) === false) return false;
      setPlaying(key);
      return true;
    },
    [onAudioPlayed],
  );
  const onStop = useCallback((key: AudioKey) => setPlaying((p) => (p === key ? null : p)), []);
  // the exam asks an audio to stop (the server refused its play): the button's effect pauses it
  useEffect(() => {
    if (stopRequest) onStop(stopRequest.key);
  }, [stopRequest, onStop]);

  const audio = (src: string, key: AudioKey, labels: { play: string; stop: string }) => (
    <AudioButton
      key={`${q._id}-${key}`}
      src={src}
      playLabel={labels.play}
      stopLabel={labels.stop}
      audioKey={key}
      playing={playing}
      count={playCounts ? (playCounts[key] ?? 0) : undefined}
      left={playCounts && playLimit != null ? Math.max(0, playLimit - (playCounts[key] ?? 0)) : undefined}
      disabled={props.audioDisabled}
      onStart={onStart}
      onStop={onStop}
    />
  );

  const optionRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusIndex = chosen ? Number(chosen) - 1 : 0;
  // Arrow keys move through the options and choose the one reached (read-only: only move), wrapping around.
  const onOptionKey = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + 4) % 4;
    optionRefs.current[next]?.focus();
    onSelect?.(String(next + 1));
  };

  // the question's number as the interface writes numbers (Nepali: Devanagari digits)
  const number = formatNumber(q.question_number);

  const stateOf = (value: string): 'correct' | 'wrong' | 'answer' | undefined => {
    if (!reveal) return chosenCorrect !== undefined && chosen === value ? (chosenCorrect ? 'correct' : 'wrong') : undefined;
    if (chosen === value) return value === correctAnswer ? 'correct' : 'wrong';
    if (value === correctAnswer) return 'answer';
    return undefined;
  };

  return (
    <Stack gap="4" data-testid="question-view" data-question={q.question_number}>
      <HStack gap="2" align="flex-start">
        <Badge colorPalette={q.type === 'Listening' ? 'purple' : 'blue'} flexShrink={0}>
          {formatNumber(q.question_number)}
        </Badge>
        {q.main_heading_image && q.main_heading ? (
          <Image src={q.main_heading} alt={imageAlt(q, 'main_heading')} maxH="60" objectFit="contain" />
        ) : (
          <Text fontWeight="semibold" lang="ko">{q.main_heading}</Text>
        )}
      </HStack>
      {q.heading && <Text lang="ko">{q.heading}</Text>}
      {q.description &&
        (q.description_image ? (
          <Image src={q.description} alt={imageAlt(q, 'description')} maxH="72" objectFit="contain" alignSelf="center" />
        ) : (
          <Box
            lang="ko"
            whiteSpace="pre-wrap"
            {...(q.description_boxed ? { borderWidth: '1px', borderRadius: 'md', p: '3', bg: 'bg.subtle' } : {})}
          >
            {q.description}
          </Box>
        ))}
      {q.listening && (
        <Box>
          <Text fontSize="sm" color="fg.muted" mb="1">
            {i18n._('Question audio')}
          </Text>
          {audio(q.listening, 'main', {
            play: i18n._('Play question {number} audio', { number }), stop: i18n._('Stop question {number} audio', { number }),
          })}
        </Box>
      )}
      <Stack gap="2" role="radiogroup" aria-label={i18n._('Question {number} options', { number })}>
        {([0, 1, 2, 3] as const).map((i) => {
          const value = String(i + 1);
          const opt = parseOption(q, i);
          const key = OPTION_KEYS[i]!;
          const isChosen = chosen === value;
          const state = stateOf(value);
          const palette =
            state === 'correct' || state === 'answer' ? 'green' : state === 'wrong' ? 'red' : isChosen ? 'blue' : undefined;
          const shown = formatNumber(i + 1);
          // the option's words (Korean), else its picture's alt text by the author, else which option it is
          const text = opt.text || (opt.image ? authorAlt(q, i) : '');
          const name = text
            ? i18n._('Option {value}: {text}', { value: shown, text })
            : opt.image ? i18n._('Option {value}: picture {value}', { value: shown })
            : opt.audio ? i18n._('Option {value}: audio {value}', { value: shown })
            : i18n._('Option {value}', { value: shown });
          // the review's mark is part of the name too: the name holds every word the option shows (WCAG 2.5.3)
          const mark = state === 'answer' ? i18n._('Correct answer')
            : state === 'correct' ? i18n._('Your answer · correct')
            : state === 'wrong' ? i18n._('Your answer · wrong') : null;
          return (
            <Box
              key={value}
              borderWidth={state || isChosen ? '2px' : '1px'}
              borderColor={palette ? `${palette}.solid` : 'border'}
              bg={palette ? `${palette}.subtle` : 'bg'}
              borderRadius="md"
              data-result={state}
              data-testid={`option-${value}`}
            >
              <OptionCard
                ref={(el: HTMLButtonElement | null) => {
                  optionRefs.current[i] = el;
                }}
                type="button"
                role="radio"
                tabIndex={i === focusIndex ? 0 : -1}
                onKeyDown={onOptionKey(i)}
                aria-checked={isChosen}
                aria-label={mark ? `${name}, ${mark}` : name}
                aria-readonly={!onSelect || undefined}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                gap="3"
                w="full"
                minW="0"
                textAlign="left"
                p="3"
                cursor={onSelect ? 'pointer' : 'default'}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
                onClick={() => onSelect?.(value)}
              >
                <Box
                  as="span"
                  flexShrink={0}
                  w="7"
                  h="7"
                  borderRadius="full"
                  borderWidth="2px"
                  borderColor={palette ? `${palette}.solid` : 'border.emphasized'}
                  bg={isChosen ? `${palette ?? 'blue'}.solid` : 'transparent'}
                  color={isChosen ? 'white' : 'fg'}
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  fontWeight="bold"
                  fontSize="sm"
                >
                  {shown}
                </Box>
                {/* spaces between the parts: the visible text reads "1 모자", as the name does (label-content-name-mismatch) */}
                {' '}
                {opt.image && (
                  // its height held before it loads: nothing below moves (the focused control stays where it was scrolled to)
                  <Image src={opt.image} alt={imageAlt(q, i)} h="32" w="auto" maxW="full" minW="0" objectFit="contain" />
                )}
                {opt.text && <Text as="span" lang="ko" flex="1" minW="0" overflowWrap="anywhere">{opt.text}</Text>}
                {mark && ' '}
                {mark && (
                  <Badge colorPalette={state === 'wrong' ? 'red' : 'green'} ml="auto">
                    <span aria-hidden="true">{state === 'wrong' ? '✗' : '✓'}</span> {mark}
                  </Badge>
                )}
              </OptionCard>
              {opt.audio && (
                <Box px="3" pb="3">
                  {audio(opt.audio, key, {
                    play: i18n._('Play option {value} audio', { value: shown }), stop: i18n._('Stop option {value} audio', { value: shown }),
                  })}
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
      {reveal && (
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="answer-details">
          <Text fontWeight="semibold">{i18n._('Correct answer: {answer}', { answer: localDigits(correctAnswer) })}</Text>
          {!chosen && <Text color="fg.muted">{i18n._('Not attempted')}</Text>}
          {q.answer_details && (
            <Text mt="1" whiteSpace="pre-wrap">
              {q.answer_details}
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}
