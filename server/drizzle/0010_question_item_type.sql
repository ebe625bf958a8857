ALTER TABLE "questions" ADD COLUMN "item_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing questions take their number's item type in the built-in EPS-TOPIK blueprint (shared-api/src/item-types.ts
-- EPS_BLUEPRINT, as it was when this ran: test/migrations.test.ts checks the two agree); new ones always name theirs.
UPDATE "questions" SET "item_type" = coalesce((ARRAY[
  'picture_word', 'picture_word', 'related_word', 'related_word', 'fill_blank', 'fill_blank', 'fill_blank', 'fill_blank',
  'answer_question', 'answer_question', 'answer_question', 'answer_question', 'correct_sentence', 'correct_sentence', 'topic', 'topic',
  'same_content', 'same_content', 'word_definition', 'word_definition', 'what_you_heard', 'what_you_heard', 'what_you_heard', 'what_you_heard',
  'picture_answer', 'picture_answer', 'picture_answer', 'picture_answer', 'picture_answer', 'question_answer', 'question_answer', 'question_answer',
  'question_answer', 'next_utterance', 'next_utterance', 'related_picture', 'related_picture', 'story', 'story', 'story'
]::text[])["question_number"], '');--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "item_type" DROP DEFAULT;
