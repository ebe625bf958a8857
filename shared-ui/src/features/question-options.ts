/** What a question's options hold (text, picture, audio) and every audio file a question plays: no UI here. */
import type { Question } from 'shared-api';

export const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4'] as const;

export interface ParsedOption {
  text: string;
  image: string | null;
  audio: string | null;
}

/** An option's content by the question's option_type (listeningandtext options are JSON {text, listening}). */
export function parseOption(question: Question, index: number): ParsedOption {
  const raw = question[OPTION_KEYS[index]!] ?? '';
  switch (question.option_type) {
    case 'image':
      return { text: '', image: raw || null, audio: null };
    case 'listening':
      return { text: '', image: null, audio: raw || null };
    case 'listeningandtext': {
      try {
        const v = JSON.parse(raw) as { text?: unknown; listening?: unknown };
        return {
          text: typeof v.text === 'string' ? v.text : '',
          image: null,
          audio: typeof v.listening === 'string' && v.listening ? v.listening : null,
        };
      } catch {
        return { text: raw, image: null, audio: null };
      }
    }
    default:
      return { text: raw, image: null, audio: null };
  }
}

/** Every audio URL a question plays (main audio first), for prefetching. */
export function questionAudioUrls(question: Question): string[] {
  const urls: string[] = [];
  if (question.listening) urls.push(question.listening);
  for (let i = 0; i < 4; i++) {
    const a = parseOption(question, i).audio;
    if (a) urls.push(a);
  }
  return urls;
}

