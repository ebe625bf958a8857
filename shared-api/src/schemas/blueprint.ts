/**
 * The rules of a blueprint (issue 38 section 3, docs/question-bank.md): a name and, for each of the 40 numbers, an item
 * type of that number's section (Reading 1-20, Listening 21-40). The blueprint form and the server check the same
 * schema; the assembly's body (title, target, seed) too.
 */
import * as yup from 'yup';
import { EXAM_TITLE_MAX, LISTENING_RANGE, READING_RANGE, TOTAL_QUESTIONS } from '../constants';
import { ITEM_TYPES } from '../item-types';
import { msg, required } from '../validation';

export const BLUEPRINT_NAME_MAX = 100;
export const MSG_BLUEPRINT_SLOTS = `A blueprint gives each of the ${TOTAL_QUESTIONS} numbers an item type of its section`;
export const MSG_TARGET = 'Target difficulty must be a number from 0 to 1';

const sectionOfNumber = (n: number) => (n >= READING_RANGE[0] && n <= READING_RANGE[1] ? 'Reading' : n <= LISTENING_RANGE[1] ? 'Listening' : null);

/** Whether `slots` gives each number 1-40 (index 0 is number 1) an item type of its section. */
export function validSlots(slots: unknown): boolean {
  return Array.isArray(slots) && slots.length === TOTAL_QUESTIONS
    && slots.every((t, i) => ITEM_TYPES.some((x) => x.value === t && x.section === sectionOfNumber(i + 1)));
}

export const blueprintSchema = yup.object({
  name: required('Name').max(BLUEPRINT_NAME_MAX, msg.max('Name', BLUEPRINT_NAME_MAX)),
  slots: yup.array(yup.string().required()).required(MSG_BLUEPRINT_SLOTS).test('slots', MSG_BLUEPRINT_SLOTS, validSlots),
});

/** "New exam from bank": the new exam's title, and the optional target mean p of each section. */
export const assembleSchema = yup.object({
  title: required('Title').max(EXAM_TITLE_MAX, msg.max('Title', EXAM_TITLE_MAX)),
  target: yup.number().nullable().typeError(MSG_TARGET).min(0, MSG_TARGET).max(1, MSG_TARGET),
});
